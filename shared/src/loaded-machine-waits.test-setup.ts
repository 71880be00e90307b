// A vitest setup file of every project (each vitest.config.ts): `vi.waitFor` gives up after 1 s
// unless told otherwise, and vitest has no setting for that default. CI shares two cores with
// other jobs and its lanes run side by side, so a socket's answer or a timer's effect can take
// several seconds there; a wait that holds returns at once, so only a failing test waits longer.
// (`expect.poll`'s default is set in the configs: `expect.poll.timeout`.)
import { vi } from 'vitest';

const LOADED_MACHINE_WAIT_MS = 15_000;

// The same `vi` is set up again for each file of a worker that does not isolate its files.
const wrapped = Symbol.for('beatroom.waitFor.loadedMachine');
const original = vi.waitFor as typeof vi.waitFor & { [wrapped]?: true };
if (!original[wrapped]) {
  const waitFor: typeof vi.waitFor = (callback, options) =>
    original(
      callback,
      typeof options === 'number' ? options : { timeout: LOADED_MACHINE_WAIT_MS, ...options },
    );
  vi.waitFor = Object.assign(waitFor, { [wrapped]: true as const });
}
