// Loads the pitch-correction worklet into a context. Vite's `?worker&url` bundles the worklet
// with its imports into one self-contained file and gives its URL, which is what addModule
// needs (a plain `new URL('./x.ts', import.meta.url)` would ship the TypeScript untranspiled).
import workletUrl from './pitch-correction.worklet.ts?worker&url';

const loaded = new WeakMap<BaseAudioContext, Promise<boolean>>();

/**
 * Resolves true once the processor is registered in `ctx` (then build the chain with
 * `{ pitchWorklet: true }`), false when this browser has no AudioWorklet or the module failed to
 * load: the studio still works, without live pitch correction.
 */
export function loadPitchWorklet(ctx: BaseAudioContext): Promise<boolean> {
  let promise = loaded.get(ctx);
  if (!promise) {
    promise = ctx.audioWorklet
      ? ctx.audioWorklet.addModule(workletUrl).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
    loaded.set(ctx, promise);
  }
  return promise;
}
