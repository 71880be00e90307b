// A take as the mixdown reads it, stretch by stretch in time order: expanded from 16 bits and,
// with autoTune on, pitch-corrected by the same streaming correctPitch as the live worklet. The
// correction only looks back, so correcting stretch after stretch with one state gives exactly
// what correcting the whole take at once gives, without ever holding the whole take as float.
import { expandTake, type CompactTake } from './compact-take';
import {
  autoTuneParams,
  chromaticScale,
  correctPitch,
  createPitchState,
  type PitchCorrectionOptions,
  type PitchState,
  type Scale,
} from './pitch-correction';

export interface TakeReader {
  /**
   * The (corrected) samples [from, to) of the take, zero outside it. Cheapest when each read
   * starts at or after the previous one's end minus `retainS` seconds; an earlier start
   * corrects the take again from its beginning (the result is the same).
   */
  read(from: number, to: number): Float32Array;
}

const BLOCK = 8192;

export function takeReader(
  take: CompactTake,
  autoTune: number,
  options: { scale?: Scale; retainS: number },
): TakeReader {
  if (autoTune <= 0) return { read: (from, to) => expandTake(take, from, new Float32Array(to - from)) };
  const { strength, retuneS } = autoTuneParams(autoTune);
  const correction: PitchCorrectionOptions = {
    strength,
    retuneS,
    scale: options.scale ?? chromaticScale(),
    sampleRate: take.sampleRate,
  };
  const end = take.samples.length;
  const retain = Math.ceil(options.retainS * take.sampleRate);
  let state: PitchState = createPitchState(take.sampleRate);
  /** Samples corrected so far, and the last `retain` of them (from keptFrom). */
  let done = 0;
  let kept = new Float32Array(0);
  let keptFrom = 0;
  const raw = new Float32Array(BLOCK);
  const scratch = new Float32Array(BLOCK);

  /** Corrects [done, until), into out[done − outFrom …] when `out` is given. */
  const advance = (until: number, out: Float32Array | null, outFrom: number) => {
    while (done < until) {
      const n = Math.min(BLOCK, until - done);
      expandTake(take, done, raw.subarray(0, n));
      const target = out ? out.subarray(done - outFrom, done - outFrom + n) : scratch.subarray(0, n);
      correctPitch(raw.subarray(0, n), state, correction, target);
      done += n;
    }
  };

  return {
    read(from, to) {
      const out = new Float32Array(to - from);
      const start = Math.max(0, from);
      const stop = Math.min(end, to);
      if (stop <= start) return out;
      if (start < keptFrom) {
        // Behind what is kept: the correction starts over.
        state = createPitchState(take.sampleRate);
        done = 0;
        kept = new Float32Array(0);
        keptFrom = 0;
      }
      // kept holds [keptFrom, done): what it has of [start, stop) is copied, the rest corrected.
      const reuseTo = Math.min(stop, done);
      if (start < reuseTo) out.set(kept.subarray(start - keptFrom, reuseTo - keptFrom), start - from);
      if (stop > done) {
        // Samples between the last read and `start` are corrected (the state needs them), not kept.
        advance(start, null, 0);
        advance(stop, out, from);
        keptFrom = Math.max(start, stop - retain);
        kept = out.slice(keptFrom - from, stop - from);
      }
      return out;
    },
  };
}
