import { createHash } from 'node:crypto';
import { desktopHandoffLink } from '@beatroom/shared/desktop-app';
import { describe, expect, it, vi } from 'vitest';
import { parseDeepLink } from '../deep-link';
import { createDesktopAuth } from './desktop-auth';
import type { StoredSession, TokenStore } from './token-store';

// The desktop sign-in comes back to the page it started from: the path stays in main with the
// pending verifier while the system browser signs in, and the app shows it once the deep link
// completed the sign-in. Nothing about it rides on the link.

const SERVER = 'https://beatroom.test';
const HANDOFF = 'handoff_0123456789abcdefghijklmnop';
const user = {
  id: 'u1',
  email: 'maya@example.com',
  name: 'Maya',
  picture: null,
  isAdmin: false,
  isOwner: false,
  role: 'user' as const,
};

function memoryStore(): TokenStore {
  let saved: StoredSession | null = null;
  return {
    load: () => saved,
    save: (session) => {
      saved = session;
      return { persisted: true };
    },
    clear: () => {
      saved = null;
    },
    canPersist: true,
  };
}

/** The server's two answers: the sign-in page, then the session for the right verifier only. */
function setup({ redeemStatus = 200 }: { redeemStatus?: number } = {}) {
  let challenge = '';
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/oauth/google/redirect_url') {
      challenge = url.searchParams.get('desktop_challenge') ?? '';
      // The app asks for no return_to: the path never leaves main.
      expect(url.searchParams.has('return_to')).toBe(false);
      return Response.json({ redirectUrl: 'https://accounts.example/authorize?state=s' });
    }
    if (url.pathname === '/api/sessions/desktop') {
      const body = JSON.parse(String(init?.body)) as { handoff: string; verifier: string };
      const ok = createHash('sha256').update(body.verifier).digest('base64url') === challenge;
      if (redeemStatus !== 200 || !ok) return Response.json({ error: 'Sign-in expired' }, { status: 400 });
      return Response.json({ token: 'token-0123456789', user });
    }
    return Response.json({ error: 'not found' }, { status: 404 });
  });
  const navigate = vi.fn();
  const auth = createDesktopAuth({
    serverUrl: SERVER,
    fetch: fetch as typeof globalThis.fetch,
    openExternal: async () => {},
    store: memoryStore(),
    onChange: () => {},
    navigate,
  });
  const link = parseDeepLink(desktopHandoffLink(HANDOFF))!;
  return { auth, navigate, link };
}

describe('the desktop sign-in returns to the page it started from', () => {
  it('shows the ticket the user was reading once the deep link completes the sign-in', async () => {
    const { auth, navigate, link } = setup();
    await auth.signIn('/support/ticket/TKT-2026-000123');
    expect(navigate).not.toHaveBeenCalled();
    const status = await auth.completeSignIn(link);
    expect(status.user?.email).toBe('maya@example.com');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/support/ticket/TKT-2026-000123');
  });

  it('stays where it is when the sign-in named no page', async () => {
    const { auth, navigate, link } = setup();
    await auth.signIn();
    await auth.completeSignIn(link);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil', '/api/logout'])(
    'never navigates to %s, even if a renderer asked for it',
    async (returnTo) => {
      const { auth, navigate, link } = setup();
      await auth.signIn(returnTo);
      expect((await auth.completeSignIn(link)).user).not.toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('a failed sign-in goes nowhere', async () => {
    const { auth, navigate, link } = setup({ redeemStatus: 400 });
    await auth.signIn('/studio/3f0e1c2a-8d7b-4c55-9a7e-0f5d2b1e9c44');
    const status = await auth.completeSignIn(link);
    expect(status.user).toBeNull();
    expect(status.error).toBe('Sign-in expired');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a link that arrives without a pending sign-in navigates nowhere', async () => {
    const { auth, navigate, link } = setup();
    await auth.completeSignIn(link);
    expect(navigate).not.toHaveBeenCalled();
  });
});
