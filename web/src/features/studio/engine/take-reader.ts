// A take as the mixdown reads it, stretch by stretch in time order: expanded from 16 bits and,
// with autoTune on, pitch-corrected by the same streaming correctPitch as the live worklet. The
// correction only looks back, so correcting stretch after stretch with one state gives exactly
// what correcting the whole take at once gives, without ever holding the whole take as float.
// And since the corrector starts afresh after a silence (SILENCE_RESET_HOPS), a read far into
// the take starts correcting at the last such silence before it, not at the take's beginning.
import { expandSamples, expandTake, takeSamples, type CompactTake } from './compact-take';
import {
  autoTuneParams,
  chromaticScale,
  correctPitch,
  createPitchState,
  SILENCE_RESET_HOPS,
  type PitchCorrectionOptions,
  type PitchState,
  type Scale,
} from './pitch-correction';
import { createDetector } from './pitch-detection';

export interface TakeReader {
  /**
   * The (corrected) samples [from, to) of the take, zero outside it. Cheapest when each read
   * starts at or after the previous one's end minus `retainS` seconds; an earlier start
   * corrects the take again from its beginning (the result is the same). Into `out` when given
   * (to - from samples long, e.g. the AudioBuffer that will play them), so no copy is made.
   * One read at a time: the reader keeps its place between reads.
   */
  read(from: number, to: number, out?: Float32Array): Promise<Float32Array>;
}

const BLOCK = 8192;
/** Samples read from the take's Blob at a time (32 blocks, 5.5 s at 48 kHz: 512 KB). */
const READ = 32 * BLOCK;

export function takeReader(
  take: CompactTake,
  autoTune: number,
  options: { scale?: Scale; retainS: number },
): TakeReader {
  if (autoTune <= 0)
    return { read: (from, to, out) => expandTake(take, from, out ?? new Float32Array(to - from)) };
  const { strength, retuneS } = autoTuneParams(autoTune);
  const correction: PitchCorrectionOptions = {
    strength,
    retuneS,
    scale: options.scale ?? chromaticScale(),
    sampleRate: take.sampleRate,
  };
  const end = take.length;
  const retain = Math.ceil(options.retainS * take.sampleRate);
  let state: PitchState = createPitchState(take.sampleRate);
  /** Samples corrected so far, and the last `retain` of them (from keptFrom). */
  let done = 0;
  // kept is a view of keptStore: a copy per read would be garbage the page holds until V8
  // collects it.
  const keptStore = new Float32Array(Math.min(retain, end));
  let kept = keptStore.subarray(0, 0);
  let keptFrom = 0;
  const raw = new Float32Array(BLOCK);
  const scratch = new Float32Array(BLOCK);

  /** Corrects [done, until), into out[done − outFrom …] when `out` is given. */
  const advance = async (until: number, out: Float32Array | null, outFrom: number) => {
    while (done < until) {
      const pcm = await takeSamples(take, done, Math.min(until, done + READ));
      for (let at = 0; at < pcm.length; at += BLOCK) {
        const n = Math.min(BLOCK, pcm.length - at);
        expandSamples(pcm.subarray(at, at + n), raw.subarray(0, n));
        const target = out ? out.subarray(done - outFrom, done - outFrom + n) : scratch.subarray(0, n);
        correctPitch(raw.subarray(0, n), state, correction, target);
        done += n;
      }
    }
  };

  const resets = silenceResets(take);

  return {
    async read(from, to, into) {
      const out = into?.fill(0) ?? new Float32Array(to - from);
      const start = Math.max(0, from);
      const stop = Math.min(end, to);
      if (stop <= start) return out;
      // A read that goes on from what is kept and corrected needs no fresh start. Otherwise the
      // corrector starts afresh at its last reset at or before `start`: when the read goes back
      // behind what is kept, or when that reset lies ahead of what is corrected (the gap up to
      // it need not be corrected). Looking the resets up scans the take, so a mixdown reading
      // stretch after stretch does not look them up at all.
      const continues = start >= keptFrom && start <= done;
      const reset = continues ? null : await resets.before(start);
      if (reset !== null && (start < keptFrom || reset > done)) {
        state =
          reset > 0
            ? await pitchStateAfterReset(take.sampleRate, reset, (at, samples) =>
                expandTake(take, at, samples),
              )
            : createPitchState(take.sampleRate);
        done = reset;
        kept = keptStore.subarray(0, 0);
        keptFrom = reset;
      }
      // kept holds [keptFrom, done): what it has of [start, stop) is copied, the rest corrected.
      const reuseTo = Math.min(stop, done);
      if (start < reuseTo) out.set(kept.subarray(start - keptFrom, reuseTo - keptFrom), start - from);
      if (stop > done) {
        // Samples between the last read and `start` are corrected (the state needs them), not kept.
        await advance(start, null, 0);
        await advance(stop, out, from);
        keptFrom = Math.max(start, stop - retain);
        kept = keptStore.subarray(0, stop - keptFrom);
        kept.set(out.subarray(keptFrom - from, stop - from));
      }
      return out;
    },
  };
}

/**
 * Where the corrector starts afresh in this take (what correctPitch's detections would find),
 * found lazily: a cheap pass over the raw samples at the detections' places.
 */
function silenceResets(take: CompactTake) {
  const { first, hop, span } = detectionSchedule(take.sampleRate);
  const detector = createDetector(take.sampleRate);
  // 64 detections' worth of samples expanded at a time.
  const window = new Float32Array(span + 64 * hop);
  const found: number[] = [0];
  let next = first;
  let run = 0;
  return {
    /** The last reset at or before `position` (0: the take's start). */
    async before(position: number): Promise<number> {
      const until = Math.min(position, take.length);
      while (next <= until) {
        const windowStart = next - span;
        await expandTake(take, windowStart, window);
        for (; next <= until && next - windowStart <= window.length; next += hop) {
          run = detector.silentAt(window, windowStart, 0x7fffffff, next - span) ? run + 1 : 0;
          if (run >= SILENCE_RESET_HOPS) {
            run = 0;
            found.push(next);
          }
        }
      }
      let answer = 0;
      for (const at of found) if (at <= position) answer = at;
      return answer;
    },
  };
}

/** Where the detections fall: after `written` samples, for written = first, first + hop, … */
function detectionSchedule(sampleRate: number): { first: number; hop: number; span: number } {
  const state = createPitchState(sampleRate);
  return { first: state.detectBuffer.length, hop: state.hop, span: state.detectBuffer.length };
}

/**
 * The state correctPitch has right after a silence reset that came with the detection after
 * `at` samples, while correcting (strength > 0) for at least 40 ms: `input(from, out)` gives
 * the take's samples before it.
 */
async function pitchStateAfterReset(
  sampleRate: number,
  at: number,
  input: (from: number, out: Float32Array) => Promise<unknown>,
): Promise<PitchState> {
  const state = createPitchState(sampleRate);
  const { ring, mask } = state;
  const from = at - ring.length;
  const samples = new Float32Array(ring.length);
  await input(from, samples);
  for (let i = 0; i < samples.length; i++) ring[(from + i) & mask] = samples[i]!;
  state.written = at;
  state.mix = 1;
  return state;
}
