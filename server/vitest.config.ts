import { defineConfig } from 'vitest/config';
import { LOADED_MACHINE_WAIT_MS } from '../shared/src/loaded-machine-waits';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Waits sized for CI's shared machine (the setup file says why).
    setupFiles: ['../shared/src/loaded-machine-waits.test-setup.ts'],
    expect: { poll: { timeout: LOADED_MACHINE_WAIT_MS } },
    // The files run one after another in each worker without a fresh module graph apiece: every
    // file builds its own app on its own database and registers no mocks, so they share nothing
    // that matters, and importing the whole server once per worker instead of once per file
    // took the suite from ~5.2 to ~3.0 min (it runs twice in CI: on Node 20 and on Node 24).
    isolate: false,
  },
});
