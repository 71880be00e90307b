import { defineConfig } from '@playwright/test';
import { journeyServerEnv, journeyServerUrl } from './e2e/support/journey-server';

const PORT = Number(process.env.E2E_PORT ?? 3210);

/*
 * The journeys mostly wait on the browser and the server, so `npm run test:journeys` (part of
 * `npm test` and `npm run test:e2e`) runs two at a time, each worker slot on a server and embedded
 * database of its own (E2E_PORT and the next port): a journey still has its server to itself, as
 * when the files run one after another, and the slots take the next file as they finish. A
 * single spec run keeps one server (E2E_SERVERS).
 */
const SERVERS = Math.max(
  1,
  Number(process.env.E2E_SERVERS ?? (process.env.npm_lifecycle_event === 'test:journeys' ? 2 : 1)),
);
const urlOf = (slot: number) => journeyServerUrl(PORT + slot);
// Playwright loads this file again in each worker, with the worker's slot (0 … workers-1) set;
// two workers never hold the same slot at once.
const baseURL = urlOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % SERVERS);

// Debian's Chromium, never a downloaded browser (this environment has no internet).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // The desktop journeys run against the desktop harness: playwright.desktop.config.ts.
  testIgnore: ['desktop/**'],
  // A journey's own limit: three minutes (longer journeys set their own), since in `npm test` and
  // CI the journeys share the cores with the lint, type and unit checks, on a machine other jobs
  // share too: a loaded machine took over a minute for the currency journey's dozen steps, and a
  // CI run whose web journeys took 45 minutes instead of 10 ran the challenge journey past its
  // three minutes. A journey that passes takes no longer for it.
  timeout: 180_000,
  // Generous for a first paint on a loaded CI machine (the web and desktop journeys share its cores);
  // an expectation that holds returns as soon as it does.
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: SERVERS,
  // CI (.ci/run) runs on a machine other jobs share: a journey that ran out of time there gets one
  // more try (E2E_RETRIES=1), on a server of its own (e2e/support/journey-test.ts), and the report
  // lists it as flaky. Elsewhere a failure is final.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list']],
  use: {
    baseURL,
    // A journey's second try records its trace (every action with the page's DOM before and after
    // it, the network and the console), so a failure that repeats in CI has one; a first try
    // records none, since recording every journey's trace, passed or failed, cost about an eighth
    // of the browsers' CPU and a sixth of the test runner's. To keep one for a local failure:
    // `npx playwright test --trace retain-on-failure`. Never the trace's screencast: to film the
    // page Chromium composites and encodes a frame every time anything on it changes. A failure
    // always gets its final screenshot.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The journeys check behaviour, not motion, and the app honours reduced motion (styles.css).
    // Without a GPU every running animation is composited in software: a page with the home
    // hero's bars animating cost Chromium 1.7 s of CPU in 10 s, against 0.09 s with reduced
    // motion. In CI the browsers' compositing alone took about a core while the suites ran.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  // The real server on a fresh embedded database, serving the built web app; one per worker slot.
  webServer: Array.from({ length: SERVERS }, (_, slot) => ({
    command: 'npx tsx e2e/serve.ts',
    url: `${urlOf(slot)}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: journeyServerEnv(PORT + slot),
  })),
});
