import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { makeSessionUser } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { sessionQueryOptions } from './api';

const user = makeSessionUser();

function currentUser() {
  return new QueryClient().fetchQuery(sessionQueryOptions());
}

function dropSignedInHint() {
  document.cookie = 'beatroom_signed_in=; path=/; max-age=0';
}

afterEach(() => configureApiClient({ baseUrl: '' }));

// Signed-out visitors' pages must not log a 401 from /api/users/me: the page asks
// only when the server's signed-in hint cookie says a session cookie is there.
describe('the current user', () => {
  it('is asked for when the signed-in hint is there', async () => {
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse(user) });
    expect(await currentUser()).toEqual(user);
    expect(api.calls('GET /api/users/me')).toHaveLength(1);
  });

  it('is nobody, without a request, on a web page without the hint', async () => {
    dropSignedInHint();
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse(user) });
    expect(await currentUser()).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('is still asked for by the desktop app, whose requests main signs (no cookies)', async () => {
    dropSignedInHint();
    configureApiClient({ baseUrl: 'http://127.0.0.1:3000' });
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse(user) });
    expect(await currentUser()).toEqual(user);
    expect(api.calls('GET /api/users/me')).toHaveLength(1);
  });

  it('is nobody when the hint outlived the session (401)', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Sign in required' }, 401) });
    expect(await currentUser()).toBeNull();
  });
});
