// A vitest setup file of every project (each vitest.config.ts): `vi.waitFor` gives up after 1 s
// unless told otherwise, and vitest has no setting for that default, so it waits
// LOADED_MACHINE_WAIT_MS here (the file that defines it says why). `expect.poll`'s default is set
// in the configs (`expect.poll.timeout`), Testing Library's in the web and desktop setup files.
import { vi } from 'vitest';
import { LOADED_MACHINE_WAIT_MS } from './loaded-machine-waits';

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
