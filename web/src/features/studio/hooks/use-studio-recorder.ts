import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import type { PlatformRecordingJournal } from '../../../lib/platform-take-storage';
import { closeMicrophone, openMicrophone, startTakeRecorder, type TakeRecorder } from '../recorder';
import { keepRecording, type RecordingKeeper } from '../recording-keeper';
import type { StudioAudio, StudioAudioFactory, TakeStart } from '../studio-audio';
import { STUDIO_ALERTS } from '../studio-alerts';
import { useStudioStore } from '../store/studio-store';

const alert = (title: string) => showToast({ type: 'error', title });

export interface StudioRecorder {
  /** The page's audio, null until it exists (and again once the page left). */
  audio: StudioAudio | null;
  /** The microphone is open and the beat decoded: recording may start. */
  ready: boolean;
  take: Blob | null;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  togglePlayback: () => void;
  reset: () => void;
  /**
   * Brings back a take kept from an earlier visit (an unsaved draft): it becomes the current
   * take, ready to play back, save or download. Rejects when the audio cannot decode it.
   */
  restore: (take: Blob) => Promise<void>;
  /**
   * Measures the loopback round trip (ms) with a click; null when it was not heard. Rejects
   * when the studio is not ready or is recording.
   */
  calibrate: () => Promise<number | null>;
  /** Opens another input device (between takes). */
  switchDevice: (deviceId: string | null) => Promise<void>;
}

/** What lives while the studio is open: made on mount, torn down whole when the page leaves. */
interface Rig {
  audio: StudioAudio;
  stream: MediaStream | null;
  recorder: TakeRecorder | null;
  keeper: RecordingKeeper | null;
  timer: number | null;
  left: boolean;
}

/**
 * The Recording Console's machine: the audio and the
 * microphone opened with the studio, the count-in then the MediaRecorder (webm/opus, 100 ms
 * chunks), the take played back through the vocal chain. Leaving the page stops the
 * microphone, the recorder and every sound.
 */
export function useStudioRecorder({
  createAudio,
  keySignature,
  audioUrl,
  bpm,
  deviceId,
  range,
  journal,
}: {
  createAudio: StudioAudioFactory;
  /** Where each take starts on the beat and whether it loops (the timeline's markers). */
  range?: () => Pick<TakeStart, 'from' | 'loop'>;
  keySignature: string | null;
  audioUrl: string;
  bpm: number;
  /** The preferred input device; undefined while it is being looked up. */
  deviceId: string | null | undefined;
  /** Keeps each take as it is captured, for this beat (the take storage's journal). */
  journal?: { keeper: PlatformRecordingJournal; beatId: string } | undefined;
}): StudioRecorder {
  const rig = useRef<Rig | null>(null);
  const [audio, setAudio] = useState<StudioAudio | null>(null);
  const [micReady, setMicReady] = useState(false);
  const [beatReady, setBeatReady] = useState(false);
  const [take, setTake] = useState<Blob | null>(null);
  const setPhase = useStudioStore((state) => state.setPhase);
  const setCountInBeat = useStudioStore((state) => state.setCountInBeat);
  const setElapsedSeconds = useStudioStore((state) => state.setElapsedSeconds);
  const setTakePlaying = useStudioStore((state) => state.setTakePlaying);
  const deviceKnown = deviceId !== undefined;
  const firstDevice = useRef(deviceId);
  firstDevice.current ??= deviceId;

  async function attach(current: Rig, device: string | null): Promise<void> {
    try {
      const opened = await openMicrophone(device);
      // The page left while the browser was asking: nothing may keep the microphone.
      if (current.left) {
        closeMicrophone(opened);
        return;
      }
      closeMicrophone(current.stream);
      current.stream = opened;
      current.audio.attachInput(opened);
      setMicReady(true);
    } catch (error) {
      if (current.left) return;
      console.error(`The microphone could not be opened: ${describeError(error)}`);
      setMicReady(false);
      alert(STUDIO_ALERTS.microphone);
    }
  }

  useEffect(() => {
    if (!deviceKnown) return;
    const current: Rig = {
      audio: createAudio({ keySignature }),
      stream: null,
      recorder: null,
      keeper: null,
      timer: null,
      left: false,
    };
    rig.current = current;
    setAudio(current.audio);
    setMicReady(false);
    setBeatReady(false);
    setTake(null);
    useStudioStore.getState().setPhase('idle');
    void attach(current, firstDevice.current ?? null);
    current.audio
      .loadBeat(audioUrl)
      .then(() => {
        if (!current.left) setBeatReady(true);
      })
      .catch((error: unknown) => console.error(`The beat could not be loaded: ${describeError(error)}`));

    // Leaving the page: the recorder, the microphone and every sound stop.
    return () => {
      current.left = true;
      if (current.timer !== null) window.clearInterval(current.timer);
      current.recorder?.cancel();
      current.recorder = null;
      closeMicrophone(current.stream);
      current.stream = null;
      current.audio.dispose();
      if (rig.current === current) rig.current = null;
      setAudio(null);
      useStudioStore.getState().setPhase('idle');
    };
    // attach only uses state setters and its arguments.
  }, [createAudio, keySignature, audioUrl, deviceKnown]);

  const start = async () => {
    const current = rig.current;
    const input = current?.stream;
    if (!current || !input || !micReady || !beatReady) {
      alert(STUDIO_ALERTS.notInitialized);
      return;
    }
    const { settings } = useStudioStore.getState();
    const countInBars = settings.countInEnabled ? settings.countInBars : 0;
    current.audio.clearTake();
    setTake(null);
    setPhase(countInBars > 0 ? 'count-in' : 'starting');
    try {
      await current.audio.startTake({
        countInBars,
        bpm,
        metronome: settings.metronomeEnabled,
        onCountInBeat: setCountInBeat,
        ...range?.(),
      });
      if (current.left) return;
      const keeper = journal ? keepRecording(journal.keeper, journal.beatId) : null;
      current.keeper = keeper;
      current.recorder = startTakeRecorder(
        input,
        () => current.audio.takeStarted(),
        keeper ? (chunk) => keeper.chunk(chunk) : undefined,
      );
    } catch (error) {
      if (current.left) return;
      console.error(`Recording could not start: ${describeError(error)}`);
      current.audio.stopTake();
      setPhase('idle');
      alert(STUDIO_ALERTS.startFailed);
      return;
    }
    setPhase('recording');
    setElapsedSeconds(0);
    const startedAt = Date.now();
    // The console's timer ticks each second; the audio itself never waits on it.
    current.timer = window.setInterval(
      () => setElapsedSeconds(Math.round((Date.now() - startedAt) / 1000)),
      1000,
    );
  };

  const stop = async () => {
    const current = rig.current;
    const running = current?.recorder;
    if (!current || !running) return;
    current.recorder = null;
    if (current.timer !== null) window.clearInterval(current.timer);
    current.timer = null;
    setPhase('stopping');
    current.audio.stopTake();
    try {
      const recorded = await running.stop();
      current.keeper?.stopped(recorded);
      current.keeper = null;
      await current.audio.setTake(recorded);
      if (current.left) return;
      setTake(recorded);
      setPhase('has-take');
    } catch (error) {
      if (current.left) return;
      console.error(`The take could not be kept: ${describeError(error)}`);
      setPhase('idle');
      alert(STUDIO_ALERTS.startFailed);
    }
  };

  const togglePlayback = () => {
    const current = rig.current;
    if (!current || !take) return;
    if (useStudioStore.getState().takePlaying) {
      current.audio.pauseTake();
      setTakePlaying(false);
      return;
    }
    current.audio.playTake(() => setTakePlaying(false));
    setTakePlaying(true);
  };

  const reset = () => {
    rig.current?.audio.clearTake();
    setTake(null);
    setPhase('idle');
  };

  const restore = async (kept: Blob) => {
    const current = rig.current;
    if (!current || current.recorder) throw new Error('The studio is not ready');
    // Its timing on the beat was not kept: it starts with the beat, latency compensated.
    await current.audio.setTake(kept);
    if (current.left) return;
    setTake(kept);
    setPhase('has-take');
  };

  const calibrate = async (): Promise<number | null> => {
    const current = rig.current;
    const input = current?.stream;
    if (!current || !input || current.recorder) throw new Error('The studio is not ready');
    const seconds = await current.audio.calibrate(
      (onStart, length) =>
        new Promise<Blob>((resolve, reject) => {
          const recording = startTakeRecorder(input, onStart);
          // The recording's length only; the click itself is on the audio clock.
          window.setTimeout(() => recording.stop().then(resolve, reject), length * 1000);
        }),
    );
    return seconds === null ? null : Math.round(seconds * 1000);
  };

  const switchDevice = async (device: string | null) => {
    const current = rig.current;
    if (!current || current.recorder) return;
    await attach(current, device);
  };

  return {
    audio,
    ready: micReady && beatReady,
    take,
    start,
    stop,
    togglePlayback,
    reset,
    restore,
    calibrate,
    switchDevice,
  };
}

/** The console's clock: m:ss. */
export function formatTimer(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
