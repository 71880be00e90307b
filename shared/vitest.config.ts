import { defineConfig } from 'vitest/config';
import { LOADED_MACHINE_WAIT_MS } from './src/loaded-machine-waits';

export default defineConfig({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Waits sized for CI's shared machine (the setup file says why).
    setupFiles: ['./src/loaded-machine-waits.test-setup.ts'],
    expect: { poll: { timeout: LOADED_MACHINE_WAIT_MS } },
    // Pure functions and zod schemas, no mocks and no state between files: each worker imports
    // the contracts once for all its files instead of once per file.
    isolate: false,
  },
});
