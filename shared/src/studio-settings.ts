// The studio's settings (a studio session's session_data, the slider ranges, the defaults and
// audio constants). One shape for the web studio, the audio engine that builds the
// vocal chain from it, the presets and the server that stores sessions: a session saved by one
// version of the web app must load in the next, so the server validates what it stores.
import { z } from 'zod';
import { Arrangement } from './studio-arrangement';
import { ranged, StudioEffectSettings } from './studio-effects';

/** The studio's audio constants. */
export const STUDIO_AUDIO = {
  SAMPLE_RATE: 48_000,
  /** MediaRecorder timeslice: a take is sent in 100 ms chunks. */
  RECORDER_TIMESLICE_MS: 100,
  RECORDER_MIME_TYPE: 'audio/webm;codecs=opus',
  DEFAULT_BPM: 120,
  METRONOME_HZ: 800,
  METRONOME_SECONDS: 0.1,
  METER_INTERVAL_MS: 50,
  /** Level meter colours: green under 0.6, yellow up to 0.8, red above. */
  METER_YELLOW_FROM: 0.6,
  METER_RED_ABOVE: 0.8,
  AUTO_SAVE_MS: 2_000,
  /** EQ gain in dB is (value − 50) × EQ_DB_PER_STEP. */
  EQ_DB_PER_STEP: 0.3,
  EQ_LOW_HZ: 320,
  EQ_MID_HZ: 1_000,
  EQ_HIGH_HZ: 3_200,
  COMPRESSOR_THRESHOLD_DB: -24,
  COMPRESSOR_KNEE_DB: 30,
  COMPRESSOR_ATTACK_S: 0.003,
  COMPRESSOR_RELEASE_S: 0.25,
  /** Ratio is 1 + compression × COMPRESSOR_RATIO_PER_STEP. */
  COMPRESSOR_RATIO_PER_STEP: 0.19,
  REVERB_TAIL_S: 3,
  DELAY_MAX_S: 1,
  DELAY_DEFAULT_S: 0.3,
  DELAY_FEEDBACK: 0.3,
  RECORDING_MAX_BYTES: 50 * 1024 * 1024,
} as const;

/** Beat interval of the count-in and metronome (ms per beat); bpm 120 when the beat has none. */
export function beatIntervalMs(bpm: number | null | undefined): number {
  const tempo = bpm && bpm > 0 ? bpm : STUDIO_AUDIO.DEFAULT_BPM;
  return 60_000 / tempo;
}

export { STUDIO_RANGES, StudioEffectSettings, type StudioRangeKey } from './studio-effects';

/**
 * session_data of a studio session. Strict: an unknown key is a caller's mistake, not something to
 * store silently. vocalTracks is always empty in this version (the field is kept for the stored
 * shape).
 */
export const StudioSessionData = StudioEffectSettings.extend({
  recordingName: z.string().max(200, 'recordingName is too long'),
  makeRecordingPublic: z.boolean(),
  beatVolume: ranged('beatVolume'),
  micVolume: ranged('micVolume'),
  metronomeEnabled: z.boolean(),
  countInEnabled: z.boolean(),
  countInBars: ranged('countInBars', true),
  loopEnabled: z.boolean(),
  loopStart: ranged('loopStart'),
  loopEnd: ranged('loopEnd'),
  showWaveform: z.boolean(),
  showLevelMeter: z.boolean(),
  vocalTracks: z.array(z.never()).max(0, 'vocalTracks must be empty'),
  /** The timeline (tracks, takes, clips); absent in sessions saved before it existed. */
  arrangement: Arrangement.optional(),
}).strict();
export type StudioSessionData = z.infer<typeof StudioSessionData>;

/** The studio's defaults. */
export const DEFAULT_STUDIO_SETTINGS: StudioSessionData = {
  recordingName: '',
  makeRecordingPublic: false,
  beatVolume: 0.7,
  micVolume: 1,
  metronomeEnabled: false,
  countInEnabled: true,
  countInBars: 2,
  loopEnabled: false,
  loopStart: 0,
  loopEnd: 100,
  reverbAmount: 20,
  delayAmount: 0,
  eqLow: 50,
  eqMid: 50,
  eqHigh: 50,
  compression: 30,
  vocalPan: 50,
  autoTune: 0,
  chorus: 0,
  distortion: 0,
  gate: 15,
  showWaveform: true,
  showLevelMeter: true,
  vocalTracks: [],
};

export const STUDIO_PRESET_IDS = ['clean', 'pop', 'trap', 'rnb', 'rock', 'dreamy'] as const;
export type StudioPresetId = (typeof STUDIO_PRESET_IDS)[number];
