// What the main thread and the pitch-correction worklet say to each other (kept apart from the
// worklet so the chain can use the name and message type without importing worklet globals).
import type { Scale } from './pitch-correction';

export const PITCH_PROCESSOR_NAME = 'beatroom-pitch-correction';

/** Sent on every autoTune change and when the beat's key is known. */
export interface PitchWorkletMessage {
  autoTune: number;
  scale?: Scale;
}
