import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { addLoopPasses, addTake, freeLane, nextId } from '@beatroom/shared/studio-arrangement-clips';
import { setTrack } from '@beatroom/shared/studio-arrangement-tracks';
import { snapStepSeconds } from '@beatroom/shared/studio-arrangement-grid';
import { useEffect, useRef } from 'react';
import { describeError } from '../../../lib/error-text';
import type { StudioAudio, TakeStart } from '../studio-audio';
import { currentArrangement, useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import { peaksInWorker, TAKE_PEAKS_PER_SECOND } from '../timeline/take-peaks';
import { effectsOf, sameEffects } from '../timeline/track-effects';

/** A punch-in starts the beat this many bars before its marker, so the vocalist hears the lead-in. */
const PUNCH_PREROLL_BARS = 1;

/** Where the next take starts on the beat: the loop's start, a bar before the punch-in, or 0. */
export function takeRange(arrangement: Arrangement, bpm: number): Pick<TakeStart, 'from' | 'loop'> {
  if (arrangement.loop) return { from: arrangement.loop.start, loop: arrangement.loop };
  if (arrangement.punch)
    return {
      from: Math.max(0, arrangement.punch.start - PUNCH_PREROLL_BARS * snapStepSeconds('bar', bpm)),
      loop: null,
    };
  return { from: 0, loop: null };
}

/** Places a finished take on the armed track: passes over a loop, the punched part, or all of it. */
export function placeTake(
  arrangement: Arrangement,
  take: { offsetS: number; durationS: number },
  range: Pick<TakeStart, 'from' | 'loop'>,
): { arrangement: Arrangement; takeId: string } {
  const takeId = nextId('take', arrangement.takes);
  const entry = {
    id: takeId,
    name: `Take ${takeId.slice('take-'.length)}`,
    source: null,
    duration: take.durationS,
  };
  const trackId = (arrangement.tracks.find((t) => t.arm) ?? arrangement.tracks[0]!).id;
  if (range.loop)
    return {
      takeId,
      arrangement: addLoopPasses(arrangement, {
        take: entry,
        trackId,
        firstSampleAt: take.offsetS,
        loop: range.loop,
      }),
    };
  const keep = arrangement.punch ? { start: arrangement.punch.start, end: arrangement.punch.end } : undefined;
  return { takeId, arrangement: addTake(arrangement, { take: entry, trackId, start: take.offsetS, keep }) };
}

/**
 * The timeline's side of the studio page: the effect panels edit the selected track's chain
 * (and show it when another track is chosen), each finished take lands on the armed track with
 * its waveform computed in a worker, and the take being recorded is drawn live from the input.
 */
export function useTimeline({
  audio,
  bpm,
  take,
  onTake,
}: {
  audio: StudioAudio | null;
  bpm: number;
  /** The recorded take's file, as the recorder made it. */
  take: Blob | null;
  /** A take joined the timeline under `takeId`: its file is to be kept. */
  onTake: (takeId: string, take: Blob) => void;
}) {
  const phase = useStudioStore((state) => state.phase);
  const latest = useRef({ take, onTake });
  latest.current = { take, onTake };
  const recordingRange = useRef<Pick<TakeStart, 'from' | 'loop'>>({ from: 0, loop: null });

  // Settings → selected track: a slider or preset changes the chain of the track being edited.
  useEffect(
    () =>
      useStudioStore.subscribe((state, previous) => {
        if (state.settings === previous.settings) return;
        const effects = effectsOf(state.settings);
        const { history } = useArrangementStore.getState();
        const selected = history.present.tracks.find((t) => t.id === history.present.selectedTrackId);
        if (!selected || sameEffects(selected.effects, effects)) return;
        // A chain tweak is not a timeline edit (no undo step per slider move), but it is saved.
        useArrangementStore.setState({
          history: { ...history, present: setTrack(history.present, selected.id, { effects }) },
        });
      }),
    [],
  );
  // Selected track → settings: choosing another track shows (and lets the panels edit) its chain.
  useEffect(
    () =>
      useArrangementStore.subscribe((state, previous) => {
        const now = state.history.present;
        if (now.selectedTrackId === previous.history.present.selectedTrackId) return;
        const track = now.tracks.find((t) => t.id === now.selectedTrackId);
        if (!track) return;
        useStudioStore.setState((s) => ({ settings: { ...s.settings, ...track.effects } }));
      }),
    [],
  );

  // The take being recorded: its waveform grows from the input meter, on its lane.
  useEffect(() => {
    if (phase !== 'recording' || !audio) return;
    const arrangement = currentArrangement();
    const range = recordingRange.current;
    const trackId = (arrangement.tracks.find((t) => t.arm) ?? arrangement.tracks[0]!).id;
    const start = range.from ?? 0;
    const live = {
      trackId,
      lane: freeLane(arrangement, trackId, start, start + 1),
      start,
      peaks: [] as [number, number][],
    };
    useArrangementStore.getState().setLive(live);
    const every = 50;
    const timer = window.setInterval(() => {
      // Grown in place: the timeline's frame loop notices the new length and redraws, so a long
      // take costs neither a copy nor a React render per tick.
      const level = audio.levels().input;
      for (let i = 0; i < (every / 1000) * TAKE_PEAKS_PER_SECOND; i++) live.peaks.push([-level, level]);
    }, every);
    return () => {
      window.clearInterval(timer);
      useArrangementStore.getState().setLive(null);
    };
  }, [phase, audio]);

  // A finished take joins the timeline once.
  const placed = useRef<unknown>(null);
  useEffect(() => {
    if (phase !== 'has-take' || !audio) return;
    const info = audio.lastTake();
    if (!info || placed.current === info.samples) return;
    placed.current = info.samples;
    const store = useArrangementStore.getState();
    const { arrangement, takeId } = placeTake(store.history.present, info, recordingRange.current);
    // Known as unsaved before it shows, so its clip never looks like one without audio.
    const { take: file, onTake: keepFile } = latest.current;
    if (file) keepFile(takeId, file);
    store.edit(() => arrangement);
    audio.keepTake(takeId);
    peaksInWorker(info.samples, info.sampleRate)
      .then((peaks) => useArrangementStore.getState().setPeaks(takeId, peaks))
      .catch((error: unknown) => console.error(`The take's waveform failed: ${describeError(error)}`));
  }, [phase, audio]);

  /** Read by the recorder when a take starts: the range it records over. */
  return {
    takeRange: () => (recordingRange.current = takeRange(currentArrangement(), bpm)),
  };
}
