import { test as base } from '@playwright/test';
import { startJourneyServer, type JourneyServer } from './journey-server';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Past the config's own servers (one per worker slot, E2E_PORT + slot): one port per slot.
const SECOND_TRY_PORT_OFFSET = 20;

/**
 * The web journeys' `test`. A journey's first try runs against its worker slot's server, which
 * the journeys before it have used too. Its second try (E2E_RETRIES, CI) would meet on that
 * server what the first try left: the same e-mail addresses signed in with the state they reached
 * (a cart, a coupon code "already in use"), a second beat of the same title in a list. So a
 * second try runs against a server of its own, started afresh in its worker, and so does every
 * journey after it in that worker (a file's beforeAll data then sits on the same server as its
 * tests). The config's `baseURL` is replaced, which every page, context and request of the test
 * takes, including contexts made with `browser.newContext()` and beforeAll hooks.
 */
export const test = base.extend<object, { afreshServer: { url(): Promise<string>; started(): boolean } }>({
  afreshServer: [
    // Playwright reads a fixture's dependencies from the pattern of its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // Set inside url(), which TypeScript does not follow: hence the widened type.
      let server = null as Promise<JourneyServer> | null;
      await use({
        url: async () => {
          server ??= startJourneyServer(PORT + SECOND_TRY_PORT_OFFSET + workerInfo.parallelIndex);
          return (await server).url;
        },
        started: () => server !== null,
      });
      if (server) await (await server).stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ baseURL, afreshServer }, use, testInfo) => {
    await use(testInfo.retry > 0 || afreshServer.started() ? await afreshServer.url() : baseURL);
  },
});
