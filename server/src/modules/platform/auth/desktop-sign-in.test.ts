import { createHash, randomBytes } from 'node:crypto';
import { DESKTOP_HANDOFF_TTL_MS } from '@beatroom/shared/auth-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, authorize, createTestApp, signIn } from '../../../../test/helpers';
import { DESKTOP_SIGN_IN_MISMATCH, SIGN_IN_EXPIRED } from './auth.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** What the desktop app makes: a random verifier and its S256 challenge. */
function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header.map(String) : [String(header)];
};

/**
 * The browser half of a desktop sign-in: the app asked for the redirect URL (no cookies of its
 * own), the system browser went through the issuer and posted the code from /auth/callback.
 */
async function desktopSignIn(email: string, browser = new Agent(t.app)) {
  const pair = pkcePair();
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/oauth/google/redirect_url?desktop_challenge=${pair.challenge}`,
  });
  expect(start.statusCode).toBe(200);
  const { redirectUrl } = start.json() as { redirectUrl: string };
  const issuer = await fetch(`${redirectUrl}&login_hint=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });
  const back = new URL(issuer.headers.get('location')!);
  const callback = await browser.post('/api/sessions', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  return { ...pair, start, callback, browser };
}

function redeem(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/sessions/desktop', payload: body as object });
}

describe('desktop sign-in', () => {
  it('starts without any cookie and answers a handoff code instead of a session', async () => {
    const { start, callback, browser } = await desktopSignIn('desk@example.com');
    expect(setCookies(start)).toEqual([]);
    expect(callback.statusCode).toBe(200);
    expect(callback.json()).toEqual({ desktopHandoff: expect.stringMatching(/^[\w-]{43}$/) });
    expect(setCookies(callback)).toEqual([]);
    expect(browser.cookies.size).toBe(0);
    expect((await browser.get('/api/users/me')).statusCode).toBe(401);
  });

  it('never sets a session cookie, even in a browser holding a web sign-in cookie', async () => {
    const browser = new Agent(t.app);
    await browser.get('/api/oauth/google/redirect_url');
    expect(browser.cookies.has('beatroom_login_state')).toBe(true);
    const { callback } = await desktopSignIn('desk.cookie@example.com', browser);
    expect(callback.statusCode).toBe(200);
    expect(callback.json()).toHaveProperty('desktopHandoff');
    expect(setCookies(callback).some((c) => c.startsWith('beatroom_session='))).toBe(false);
    expect(browser.cookies.has('beatroom_session')).toBe(false);
  });

  it('trades the handoff and the verifier for a bearer token that works everywhere', async () => {
    const { verifier, callback } = await desktopSignIn('desk.token@example.com');
    const res = await redeem({ handoff: callback.json().desktopHandoff, verifier });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res)).toEqual([]);
    const { token, user } = res.json() as { token: string; user: { email: string } };
    expect(user.email).toBe('desk.token@example.com');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);

    // Sign out with the bearer ends the session on the server.
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a wrong verifier and spends the handoff doing so', async () => {
    const { verifier, callback } = await desktopSignIn('desk.wrong@example.com');
    const handoff = callback.json().desktopHandoff as string;
    const wrong = await redeem({ handoff, verifier: pkcePair().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: DESKTOP_SIGN_IN_MISMATCH });
    // The right verifier after a wrong guess finds nothing: guesses cannot be repeated.
    const late = await redeem({ handoff, verifier });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: SIGN_IN_EXPIRED });
  });

  it('redeems a handoff once only', async () => {
    const { verifier, callback } = await desktopSignIn('desk.reuse@example.com');
    const handoff = callback.json().desktopHandoff as string;
    expect((await redeem({ handoff, verifier })).statusCode).toBe(200);
    const replay = await redeem({ handoff, verifier });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: SIGN_IN_EXPIRED });
  });

  it('refuses an expired handoff', async () => {
    const { verifier, callback } = await desktopSignIn('desk.late@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DESKTOP_HANDOFF_TTL_MS + 1000);
    const res = await redeem({ handoff: callback.json().desktopHandoff, verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SIGN_IN_EXPIRED });
  });

  it('refuses a made-up handoff and malformed bodies', async () => {
    const { verifier } = pkcePair();
    expect((await redeem({ handoff: 'made-up', verifier })).json()).toEqual({ error: SIGN_IN_EXPIRED });
    for (const body of [{}, { handoff: 'x' }, { verifier }, { handoff: 'x', verifier: 'short' }]) {
      const res = await redeem(body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses a malformed desktop_challenge', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/oauth/google/redirect_url?desktop_challenge=abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('desktop_challenge');
  });

  it('spends the state: the same code cannot be posted twice', async () => {
    const pair = pkcePair();
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/google/redirect_url?desktop_challenge=${pair.challenge}`,
    });
    const issuer = await fetch(`${start.json().redirectUrl}&login_hint=twice%40example.com`, {
      redirect: 'manual',
    });
    const back = new URL(issuer.headers.get('location')!);
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await new Agent(t.app).post('/api/sessions', body)).statusCode).toBe(200);
    expect((await new Agent(t.app).post('/api/sessions', body)).statusCode).toBe(400);
  });

  it('leaves web sign-in bound to its browser cookie', async () => {
    const agent = new Agent(t.app);
    const { code, state } = await authorize(agent, 'web.still@example.com');
    const elsewhere = await new Agent(t.app).post('/api/sessions', { code, state });
    expect(elsewhere.statusCode).toBe(400);
    expect((await signIn(t.app, 'web.still@example.com')).user.email).toBe('web.still@example.com');
  });
});
