import { defineConfig } from '@playwright/test';
import { JOURNEY_SERVER_SETTINGS } from './e2e/support/journey-server';
import base from './playwright.config';

/**
 * The desktop journeys: the desktop renderer in Chromium against main's real services in Node
 * (desktop/harness), the server on an embedded database. A config of its own because its server
 * is the harness (`npm run desktop:browser`), which can kill and restart main or the server.
 */
const PORT = Number(process.env.E2E_DESKTOP_PORT ?? 5280);
export const DESKTOP_URL = `http://127.0.0.1:${PORT}`;
/** The harness starts the server on the next port. */
export const SERVER_URL = `http://127.0.0.1:${PORT + 1}`;
/** kill -9 / restart main, stop / start the server (desktop/harness/desktop-browser.ts). */
const CONTROL_PORT = Number(process.env.DESKTOP_BROWSER_CONTROL_PORT ?? PORT + 2);
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;

export default defineConfig({
  ...base,
  testDir: 'e2e/desktop',
  testIgnore: [],
  // One harness, one worker: the journeys run in order against it (not the web config's slots).
  workers: 1,
  // Not the web journeys' test-results/: a web run next to this one would clear it mid-run.
  outputDir: 'desktop/test-results',
  // The time limits are the web journeys' (playwright.config.ts): the renderer's first screen
  // loads its routes lazily from the harness while the web journeys run beside it on the cores.
  use: { ...base.use, baseURL: DESKTOP_URL },
  webServer: {
    command: 'npx tsx desktop/harness/desktop-browser.ts',
    url: `${DESKTOP_URL}/__harness/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DESKTOP_BROWSER_PORT: String(PORT),
      DESKTOP_BROWSER_CONTROL_PORT: String(CONTROL_PORT),
      ...JOURNEY_SERVER_SETTINGS,
    },
  },
});
