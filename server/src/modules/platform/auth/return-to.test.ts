import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp } from '../../../../test/helpers';

// Signing in from a deep link (a ticket, a beat, the studio) comes back to that page: the path
// travels with the sign-in attempt on the server, through the issuer's round trip, and only a
// path on this site is ever accepted or handed back (no open redirect).

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The browser's sign-in from `returnTo`: redirect URL, the issuer (login_hint), the exchange. */
async function signInFrom(agent: Agent, email: string, returnTo?: string) {
  const query = returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`;
  const start = await agent.get(`/api/oauth/google/redirect_url${query}`);
  expect(start.statusCode, start.body).toBe(200);
  const { redirectUrl } = start.json() as { redirectUrl: string };
  const issuer = await fetch(`${redirectUrl}&login_hint=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });
  const back = new URL(issuer.headers.get('location')!);
  // The path is not in the round trip's URLs: the issuer never sees where the visitor was.
  expect(redirectUrl).not.toContain('return_to');
  expect(back.search).not.toContain('return_to');
  return agent.post('/api/sessions', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}

describe('return_to on GET /api/oauth/google/redirect_url', () => {
  it.each([
    '/support/ticket/TKT-2026-000123',
    '/beat/3f0e1c2a-8d7b-4c55-9a7e-0f5d2b1e9c44?tab=reviews',
    '/studio/3f0e1c2a-8d7b-4c55-9a7e-0f5d2b1e9c44',
    '/?genre=Trap&sort=popular#beats',
  ])('brings the visitor back to %s after the exchange', async (path) => {
    const res = await signInFrom(new Agent(t.app), 'deep.link@example.com', path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'deep.link@example.com', returnTo: path });
  });

  it('without return_to the answer is the user alone, as before', async () => {
    const res = await signInFrom(new Agent(t.app), 'no.return@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('returnTo');
  });

  it.each([
    ['an absolute URL on another site', 'https://evil.example/phish'],
    ['an absolute URL on this site', 'http://localhost:3000/beat/1'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash host', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without a slash', 'beat/1'],
    ['a path with a newline', '/beat/1\nSet-Cookie: x=1'],
    ['the callback itself', '/auth/callback?code=x'],
    ['the API', '/api/logout'],
    ['a path too long', `/${'a'.repeat(600)}`],
  ])('refuses %s with 400 and starts no sign-in', async (_, returnTo) => {
    const agent = new Agent(t.app);
    const res = await agent.get(`/api/oauth/google/redirect_url?return_to=${encodeURIComponent(returnTo)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/return_to/) });
    // No login-state cookie: nothing was started.
    expect(agent.cookies.has('beatroom_login_state')).toBe(false);
  });

  it('a path stored before the rules tightened is not handed back unchecked', async () => {
    const agent = new Agent(t.app);
    const start = await agent.get('/api/oauth/google/redirect_url?return_to=%2Fsettings');
    const state = new URL((start.json() as { redirectUrl: string }).redirectUrl).searchParams.get('state')!;
    // As if a row held an address (an older server, a hand edit): it must not leave as returnTo.
    await t.app.db.prisma.loginAttempt.update({ where: { state }, data: { returnTo: '//evil.example' } });
    const issuer = await fetch(
      `${(start.json() as { redirectUrl: string }).redirectUrl}&login_hint=stale%40example.com`,
      { redirect: 'manual' },
    );
    const back = new URL(issuer.headers.get('location')!);
    const res = await agent.post('/api/sessions', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('returnTo');
  });
});
