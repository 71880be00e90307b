import type { SessionUser } from '@beatroom/shared/auth-contract';
import { makeBeat } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { BeatCatalogue } from './beat-catalogue';

// The catalogue on a stubbed server, shared by its test files.

const signedOut: FetchHandler = () => jsonResponse({ error: 'Not signed in' }, 401);

/** Every request about favourite state (the set, or the old per-beat status). */
export const favoriteRequests = (api: ReturnType<typeof stubFetch>) =>
  api.requests
    .map((r) => `${r.method} ${r.path}`)
    .filter((r) => r.includes('favorite-beat-ids') || r.endsWith('/favorite-status'));

export function renderCatalogue({
  path = '/',
  user = null,
  handlers = {},
}: { path?: string; user?: SessionUser | null; handlers?: Record<string, FetchHandler> } = {}) {
  const api = stubFetch({
    'GET /api/users/me': user ? () => jsonResponse(user) : signedOut,
    'GET /api/beats': () => jsonResponse([makeBeat()]),
    ...handlers,
  });
  // The play control is the player's, composed in by app/ (app/routes/home-page.test.tsx).
  const view = renderRoutes([{ path: '/', element: <BeatCatalogue renderPlayButton={() => null} /> }], {
    initialEntry: path,
  });
  /** The query strings GET /api/beats was called with, in order. */
  const listQueries = () =>
    api.fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/beats')
      .map((url) => url.searchParams);
  return { ...view, api, listQueries, search: () => new URLSearchParams(view.router.state.location.search) };
}
