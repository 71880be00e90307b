import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import type { StudioSessionData } from '@beatroom/shared/studio-settings';

/** What the count-in needs: the bars to count, the tempo and whether the metronome ticks. */
export interface TakeStart {
  /** Bars of count-in before recording starts (4 beats each); 0 when the count-in is off. */
  countInBars: number;
  /** The beat's tempo (120 when it has none). */
  bpm: number;
  /** The metronome clicks through the count-in and the take. */
  metronome: boolean;
  /** Called as each count-in beat sounds (1-based), from the audio clock's schedule. */
  onCountInBeat: (beat: number) => void;
  /** Where on the beat the take starts (seconds; a punch-in starts before its marker). 0 by default. */
  from?: number;
  /** The beat loops over this range while recording (pass after pass). */
  loop?: { start: number; end: number } | null;
}

/** The take set last, for the timeline: where its first sample sits on the beat and its audio. */
export interface TakeInfo {
  /** Beat-timeline position of the take's first sample, latency compensated (alignTake). */
  offsetS: number;
  durationS: number;
  /** Mono samples, for the waveform's peaks. */
  samples: Float32Array;
  sampleRate: number;
}

export type ExportFormat = 'wav' | 'mp3';

/** Records the microphone for `seconds`, calling `onStart` when the recorder starts. */
export type CalibrationRecorder = (onStart: () => void, seconds: number) => Promise<Blob>;

/** Input and output levels, 0 to 1 (peak over the last meter interval). */
export interface Levels {
  input: number;
  output: number;
}

/**
 * The page's window on the audio engine (engine/, written framework-free by studio-engine). The
 * page talks only to this, so component tests under jsdom, which has no Web Audio, hand in a
 * fake here and nowhere else; the real one (real-studio-audio.ts) is tested with the engine.
 * The microphone and MediaRecorder are not behind it: the page owns them (recorder.ts).
 */
export interface StudioAudio {
  /** Fetches and decodes the beat (playback, take alignment and mixdown all use it). */
  loadBeat(url: string): Promise<void>;
  /** The settings changed: the chain follows smoothly (no clicks), the beat's volume too. */
  setSettings(settings: StudioSessionData): void;
  playBeat(): void;
  pauseBeat(): void;
  beatPlaying(): boolean;
  /** Runs when the beat stops by reaching its end. */
  onBeatEnded(listener: () => void): () => void;
  /** The microphone is open: meters, waveform (and the monitor of the take) follow it. */
  attachInput(stream: MediaStream): void;
  /**
   * Counts in on the audio clock, then starts the beat and resolves at the moment the take
   * begins (the MediaRecorder starts then). Rejects if the audio cannot start.
   */
  startTake(options: TakeStart): Promise<void>;
  /** The MediaRecorder has started (its 'start' event): the take's first sample is now. */
  takeStarted(): void;
  /** The take is over (the beat and metronome stop). */
  stopTake(): void;
  /** The recorded take: decoded and aligned to the beat (latency compensated). */
  setTake(take: Blob): Promise<void>;
  /** Plays the take through the vocal chain over the beat, aligned; `onEnded` when it ends. */
  playTake(onEnded: () => void): void;
  pauseTake(): void;
  clearTake(): void;
  levels(): Levels;
  /** The live input waveform (time domain, -1..1), `points` values. */
  inputWaveform(points: number): Float32Array;
  /**
   * Loopback calibration (microphone panel): while the page records `seconds` with `record`, a
   * click plays as soon as the recorder starts; finding it in the recording gives the real
   * speaker → microphone → recorder round trip, which then aligns every take. Null when the
   * click was not heard (headphones, muted speakers): the platform's figures stay.
   */
  calibrate(record: CalibrationRecorder): Promise<number | null>;
  /** The beat plus the processed take, rendered offline with the same chain, as a WAV. */
  mixdown(): Promise<Blob>;
  /** The beat's length in seconds; 0 until it is loaded. */
  beatDuration(): number;
  /** The transport on the beat's timeline while the beat, a take or the timeline plays (or a take records); null when stopped. */
  position(): number | null;
  /** The take set last (setTake), or null. */
  lastTake(): TakeInfo | null;
  /** Keeps the last take's audio for the timeline under `takeId` (it plays and exports from there). */
  keepTake(takeId: string): void;
  /**
   * Decodes a take's file (a session's take, fetched again) and keeps it for the timeline under
   * `takeId`, like keepTake; answers its samples for the waveform. Rejects when it cannot decode.
   */
  loadTake(takeId: string, audio: Blob): Promise<Pick<TakeInfo, 'samples' | 'sampleRate' | 'durationS'>>;
  /** Plays the timeline (the beat and every audible track through its chain) from `from` seconds. */
  playArrangement(arrangement: Arrangement, from: number, onEnded: () => void): Promise<void>;
  stopArrangement(): void;
  /** The timeline rendered offline through the same chains: WAV 24-bit or MP3 320. */
  exportArrangement(
    arrangement: Arrangement,
    format: ExportFormat,
    onProgress: (fraction: number) => void,
  ): Promise<Blob>;
  /** Leaves: every sound stops and the audio context closes. */
  dispose(): void;
}

/** What the audio needs to know of the beat: its key steers pitch correction. */
export interface StudioAudioBeat {
  keySignature: string | null;
}

/** Makes the page's audio; the studio page receives one (the real engine, or a test's fake). */
export type StudioAudioFactory = (beat: StudioAudioBeat) => StudioAudio;
