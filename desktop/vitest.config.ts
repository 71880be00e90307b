import { defineConfig } from 'vitest/config';
import { LOADED_MACHINE_WAIT_MS } from '../shared/src/loaded-machine-waits';

// Main-process modules run under plain Node with `electron` mocked per test file (vi.mock); the
// library tests open real SQLite files, and the upload-queue test drives the real server.
export default defineConfig({
  test: {
    name: 'desktop',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Waits sized for CI's shared machine (the setup files say why).
    setupFiles: [
      '../shared/src/loaded-machine-waits.test-setup.ts',
      './src/renderer/dom-waits.test-setup.ts',
    ],
    expect: { poll: { timeout: LOADED_MACHINE_WAIT_MS } },
  },
});
