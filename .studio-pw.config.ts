// Temporary (studio-page helper, not for commit): the shared config with longer waits for a
// machine running several journeys at once.
import base from './playwright.config';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  ...base,
  outputDir: '/tmp/sp/test-results',
  expect: { timeout: 30_000 },
  webServer: { ...(base.webServer as object), timeout: 300_000 } as typeof base.webServer,
});
