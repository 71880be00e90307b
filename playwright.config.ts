import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

// Debian's Chromium, never a downloaded browser (this environment has no internet).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // The desktop journeys run against the desktop harness: playwright.desktop.config.ts.
  testIgnore: ['desktop/**'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  webServer: {
    // The real server on a fresh embedded database, serving the built web app.
    command: 'npx tsx e2e/serve.ts',
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      SIGN_IN_RATE_LIMIT_MAX: '100000',
      UPLOAD_RATE_LIMIT_MAX: '100000',
      WS_UPGRADE_RATE_LIMIT_MAX: '100000',
      // POST /api/test/clock: the challenges journey moves time past a challenge's end.
      TEST_CLOCK: '1',
    },
  },
});
