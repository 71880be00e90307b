import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { LOADED_MACHINE_WAIT_MS } from '../shared/src/loaded-machine-waits';

const here = dirname(fileURLToPath(import.meta.url));
const INCLUDE = ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'];

/**
 * The test files that replace a module with vi.mock. Without isolation a module imported by an
 * earlier file of the same worker is already loaded, and the mock would not reach it; these run
 * in a project of their own, isolated (the root vitest.config.ts).
 */
export const mockingTests = ['src', 'build-plugins'].flatMap((folder) =>
  readdirSync(join(here, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file.split('\\').join('/')}`)
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(join(here, file), 'utf8'))),
);

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: INCLUDE,
    exclude: [...configDefaults.exclude, ...mockingTests],
    environment: 'jsdom',
    // The second: waits sized for CI's shared machine (the file says why).
    setupFiles: ['./src/test-setup.ts', '../shared/src/loaded-machine-waits.test-setup.ts'],
    expect: { poll: { timeout: LOADED_MACHINE_WAIT_MS } },
    // The files of a worker share one jsdom and one module graph: starting jsdom and importing
    // React and the app once per file was most of the suite's time (157 s → ~55 s on 2 cores).
    // test-setup.ts puts back what a test changes (DOM, storage, cookies, stubs, zustand stores).
    isolate: false,
    // Whole-page renders in jsdom are slow on a busy machine (see asyncUtilTimeout in test-setup),
    // and CI's machine is shared with other jobs: a limit that only a failing test reaches.
    testTimeout: 60_000,
  },
});
