import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { redirectBrowser } from '../../../lib/browser-location';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { useSession } from '../../session/hooks/use-session';
import { AuthCallbackPage } from './auth-callback-page';
import { ada } from '../../../test/fixtures';

vi.mock('../../../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

/** Stands in for the header, which watches the session while the callback runs. */
function SessionProbe() {
  const { user, isPending } = useSession();
  return <p>{isPending ? 'session pending' : user ? `signed in as ${user.email}` : 'signed out'}</p>;
}

function renderCallback(url: string) {
  return renderRoutes(
    [
      {
        path: '/auth/callback',
        element: (
          <>
            <SessionProbe />
            <AuthCallbackPage />
          </>
        ),
      },
      {
        path: '/',
        element: (
          <>
            <SessionProbe />
            <h1>Home page</h1>
          </>
        ),
      },
      { path: '/support/ticket/:ticketNumber', element: <h1>Ticket page</h1> },
    ],
    { initialEntry: url, strict: true },
  );
}

describe('AuthCallbackPage', () => {
  it('posts code and state once (even in StrictMode), refetches the user, then goes to /', async () => {
    let signedIn = false;
    const api = stubFetch({
      'GET /api/users/me': () =>
        signedIn ? jsonResponse(ada) : jsonResponse({ error: 'Not signed in' }, 401),
      'POST /api/sessions': () => {
        signedIn = true;
        return jsonResponse(ada);
      },
    });

    const { router } = renderCallback('/auth/callback?code=code-once-123&state=state-xyz');

    expect(screen.getByText('Signing you in...')).toBeInTheDocument();
    expect(screen.getByText('Completing authentication')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(await screen.findByText('signed in as ada@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    const posts = api.calls('POST /api/sessions');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ code: 'code-once-123', state: 'state-xyz' });
    expect(posts[0]?.init?.credentials).toBe('include');
    // The user is fetched again after the exchange.
    const post = api.requests.indexOf(posts[0]!);
    expect(api.requests.slice(post + 1).some((r) => r.path === '/api/users/me')).toBe(true);
  });

  it('goes back to the page the sign-in started from (the server hands its path back)', async () => {
    stubFetch({
      'GET /api/users/me': () => jsonResponse(ada),
      'POST /api/sessions': () => jsonResponse({ ...ada, returnTo: '/support/ticket/TKT-7?from=mail#reply' }),
    });
    const { router } = renderCallback('/auth/callback?code=code-deep-1&state=s');
    expect(await screen.findByRole('heading', { name: 'Ticket page' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/support/ticket/TKT-7',
      search: '?from=mail',
      hash: '#reply',
    });
  });

  it('never follows an address as the return path: the answer is refused and the visitor lands on /', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401),
      'POST /api/sessions': () => jsonResponse({ ...ada, returnTo: 'https://evil.example/phish' }),
    });
    const { router } = renderCallback('/auth/callback?code=code-evil-1&state=s');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs a failed exchange and still goes to /', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubFetch({
      'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401),
      'POST /api/sessions': () => jsonResponse({ error: 'Invalid or expired code' }, 400),
    });

    renderCallback('/auth/callback?code=code-bad-456&state=s');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.calls('POST /api/sessions')).toHaveLength(1);
    expect(error).toHaveBeenCalledWith(
      'Failed to exchange code for session token: API responded with HTTP status 400',
    );
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('logs the missing code and goes to / without posting', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });

    renderCallback('/auth/callback?state=only-state');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      'Cannot exchange code for session token: no code provided in the URL search params.',
    );
    await waitFor(() => expect(api.calls('GET /api/users/me').length).toBeGreaterThan(0));
    expect(api.calls('POST /api/sessions')).toHaveLength(0);
  });

  it('hands a sign-in the desktop app started back to the app instead of signing in here', async () => {
    const handoff = 'hand0ff_code-0123456789abcdefghijklmnopqrstu';
    const api = stubFetch({
      'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401),
      'POST /api/sessions': () => jsonResponse({ desktopHandoff: handoff }),
    });

    const { router } = renderCallback('/auth/callback?code=code-desktop-1&state=state-d');

    expect(await screen.findByRole('heading', { name: 'Return to the Beatroom app' })).toBeInTheDocument();
    const link = `beatroom://auth/callback?handoff=${handoff}`;
    expect(screen.getByRole('link', { name: 'Open Beatroom' })).toHaveAttribute('href', link);
    expect(vi.mocked(redirectBrowser)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(redirectBrowser)).toHaveBeenCalledWith(link);
    // This browser stays signed out and on the page.
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(api.calls('POST /api/sessions')).toHaveLength(1);
  });
});
