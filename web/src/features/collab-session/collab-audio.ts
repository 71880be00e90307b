import {
  COLLAB_TRACKS,
  type CollabSessionData,
  type Track,
  type TrackSettings,
} from '@beatroom/shared/collab-sessions-contract';
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import {
  arrangementEnd,
  trackSlices,
  type PlaybackSlice,
} from '@beatroom/shared/studio-arrangement-playback';
import { createInputMeter, type InputMeter } from './input-meter';
import { sessionTrackOf } from './session-arrangement';

/** Waveform peaks: [min, max] pairs spread over the audio's length. */
export type Peaks = ReadonlyArray<readonly [number, number]>;

/** One track's slices onto an audio context, from timeline position `from` at context time `at`. */
export interface SliceSchedule {
  slices: readonly PlaybackSlice[];
  buffer: (takeId: string) => AudioBuffer | undefined;
  input: AudioNode;
  at: number;
  from: number;
  shift: number;
}

/**
 * What the session's audio borrows from the studio engine; app/ hands it in (a feature does not
 * reach into another's internals): the microphone, the take recorder, the WAV encoder, the
 * timeline's slice scheduler (so a session sounds as the studio's timeline does) and its
 * waveform peaks.
 */
export interface CollabAudioKit {
  openMicrophone(): Promise<MediaStream>;
  closeMicrophone(stream: MediaStream | null): void;
  startTakeRecorder(stream: MediaStream, onStart?: () => void): { stop(): Promise<Blob>; cancel(): void };
  encodeWav(buffer: AudioBuffer): ArrayBuffer;
  scheduleSlices(ctx: BaseAudioContext, plan: SliceSchedule): AudioBufferSourceNode[];
  peaks(buffer: AudioBuffer): Promise<Peaks>;
}

/** The page's window on the session's sound; the page talks only to this. */
export interface CollabAudio {
  /** The beat, decoded: its length and waveform for the timeline. */
  loadBeat(url: string): Promise<{ duration: number; peaks: Peaks }>;
  /** A take's audio by its id, decoded for the arrangement to play; answers its waveform. */
  loadTake(takeId: string, url: string): Promise<Peaks>;
  /** The session's timeline: which take plays where, on which track (re-syncs when playing). */
  setArrangement(arrangement: Arrangement): void;
  /** Plays everything from `positionS` on the beat's timeline (re-syncs when already playing). */
  play(positionS: number): void;
  /** Stops; the player then stands at `positionS` (where it was, when not given). */
  pause(positionS?: number): void;
  /** Where the local player is on the beat's timeline, seconds. */
  position(): number;
  playing(): boolean;
  setMix(data: Pick<CollabSessionData, 'beat_volume' | 'track_settings'>): void;
  /**
   * Records the microphone; resolves once the recorder really runs, with where on the timeline
   * the take starts as this member hears it. A player standing still starts from `fromS` at that
   * instant (the member hears the session from where the take will sit); a playing one carries on.
   */
  startRecording(fromS: number): Promise<number>;
  /** The microphone's peak level (0 to 1) just now while recording, else 0. */
  inputLevel(): number;
  stopRecording(): Promise<Blob>;
  /** The beat plus every take where the timeline has it, with the session's mix, as a WAV. */
  renderMix(data: Pick<CollabSessionData, 'beat_volume' | 'track_settings'>): Promise<Blob>;
  dispose(): void;
}

/** The gain a track plays at: solo anywhere silences the tracks without solo; mute silences. */
export function trackGain(track: Track, settings: CollabSessionData['track_settings']): number {
  const own: TrackSettings = settings[track];
  const anySolo = COLLAB_TRACKS.some((t) => settings[t].solo);
  if (own.muted || (anySolo && !own.solo)) return 0;
  return own.volume;
}

/** Where every clip plays, as one string: what decides whether playback must be re-scheduled. */
function placement(arrangement: Arrangement | null): string {
  return (arrangement?.clips ?? []).map((c) => `${c.id}@${c.trackId}/${c.lane}/${c.start}`).join('|');
}

const SAMPLE_RATE = 48_000;
/** Sources start this far ahead, so every one of them starts on the same audio-clock instant. */
const START_AHEAD_S = 0.05;

async function decode(context: BaseAudioContext, url: string): Promise<AudioBuffer> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`Audio failed to load (${response.status})`);
  return context.decodeAudioData(await response.arrayBuffer());
}

export function createCollabAudio(kit: CollabAudioKit): CollabAudio {
  const context = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'interactive' });
  const beatGain = context.createGain();
  beatGain.connect(context.destination);
  const trackGains = new Map<Track, GainNode>();
  for (const track of COLLAB_TRACKS) {
    const gain = context.createGain();
    gain.connect(context.destination);
    trackGains.set(track, gain);
  }
  let beat: AudioBuffer | null = null;
  const takes = new Map<string, AudioBuffer>();
  let arrangement: Arrangement | null = null;
  let sources: AudioScheduledSourceNode[] = [];
  /** Audio-clock time at which the timeline's 0 passed (while playing). */
  let origin = 0;
  let pausedAt = 0;
  let isPlaying = false;
  let microphone: MediaStream | null = null;
  let recorder: ReturnType<CollabAudioKit['startTakeRecorder']> | null = null;
  let meter: InputMeter | null = null;

  function stopSources() {
    for (const source of sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // never started
      }
      source.disconnect();
    }
    sources = [];
  }

  /** Every track's takes as the timeline places them, into `gainOf(track)`, from `from`. */
  function scheduleTakes(
    ctx: BaseAudioContext,
    at: number,
    from: number,
    gainOf: (track: Track) => AudioNode | null,
  ) {
    const started: AudioBufferSourceNode[] = [];
    for (const track of arrangement?.tracks ?? []) {
      const number = sessionTrackOf(track.id);
      const input = number === null ? null : gainOf(number);
      if (!input) continue;
      started.push(
        ...kit.scheduleSlices(ctx, {
          slices: trackSlices(arrangement!, track.id),
          buffer: (takeId) => takes.get(takeId),
          input,
          at,
          from,
          shift: 0,
        }),
      );
    }
    return started;
  }

  function play(positionS: number) {
    void context.resume();
    stopSources();
    const when = context.currentTime + START_AHEAD_S;
    origin = when - positionS;
    isPlaying = true;
    if (beat && positionS < beat.duration) {
      const source = context.createBufferSource();
      source.buffer = beat;
      source.connect(beatGain);
      source.start(when, positionS);
      sources.push(source);
    }
    sources.push(...scheduleTakes(context, when, positionS, (track) => trackGains.get(track)!));
  }

  const position = () => (isPlaying ? Math.max(0, context.currentTime - origin) : pausedAt);

  return {
    async loadBeat(url) {
      beat = await decode(context, url);
      return { duration: beat.duration, peaks: await kit.peaks(beat) };
    },
    async loadTake(takeId, url) {
      const buffer = await decode(context, url);
      takes.set(takeId, buffer);
      if (isPlaying) play(position());
      return kit.peaks(buffer);
    },
    setArrangement(next) {
      // Only a change of where takes play re-schedules; the mix is the gains' (no gap in the sound).
      const moved = placement(next) !== placement(arrangement);
      arrangement = next;
      if (moved && isPlaying) play(position());
    },
    play,
    pause(positionS) {
      pausedAt = positionS ?? position();
      isPlaying = false;
      stopSources();
    },
    position,
    playing: () => isPlaying,
    setMix(data) {
      beatGain.gain.setTargetAtTime(data.beat_volume, context.currentTime, 0.01);
      for (const track of COLLAB_TRACKS) {
        trackGains
          .get(track)!
          .gain.setTargetAtTime(trackGain(track, data.track_settings), context.currentTime, 0.01);
      }
    },
    async startRecording(fromS) {
      microphone = await kit.openMicrophone();
      await context.resume();
      meter = createInputMeter(context, microphone);
      // A player standing still starts when the recorder really starts, so the take lines up.
      return new Promise<number>((resolve) => {
        recorder = kit.startTakeRecorder(microphone!, () => {
          const heard = isPlaying ? position() : fromS;
          if (!isPlaying) play(fromS);
          resolve(heard);
        });
      });
    },
    inputLevel: () => meter?.level() ?? 0,
    async stopRecording() {
      const active = recorder;
      recorder = null;
      meter?.close();
      meter = null;
      try {
        if (!active) throw new Error('Not recording');
        return await active.stop();
      } finally {
        kit.closeMicrophone(microphone);
        microphone = null;
      }
    },
    async renderMix(data) {
      if (!beat) throw new Error('The beat is not loaded');
      const seconds = Math.max(beat.duration, arrangement ? arrangementEnd(arrangement) : 0);
      const offline = new OfflineAudioContext(2, Math.ceil(seconds * beat.sampleRate), beat.sampleRate);
      const gainNode = (value: number) => {
        if (value <= 0) return null;
        const node = offline.createGain();
        node.gain.value = value;
        node.connect(offline.destination);
        return node;
      };
      const beatNode = gainNode(data.beat_volume);
      if (beatNode) {
        const source = offline.createBufferSource();
        source.buffer = beat;
        source.connect(beatNode);
        source.start(0);
      }
      scheduleTakes(offline, 0, 0, (track) => gainNode(trackGain(track, data.track_settings)));
      const rendered = await offline.startRendering();
      return new Blob([kit.encodeWav(rendered)], { type: 'audio/wav' });
    },
    dispose() {
      stopSources();
      recorder?.cancel();
      recorder = null;
      meter?.close();
      meter = null;
      kit.closeMicrophone(microphone);
      microphone = null;
      void context.close();
    },
  };
}
