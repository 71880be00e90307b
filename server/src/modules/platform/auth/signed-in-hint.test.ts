import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../../../test/helpers';

// The page-readable hint beside the httpOnly session cookie: the web app asks /api/users/me
// only when it is there, so signed-out visitors' pages log no 401.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function setCookies(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

describe('the signed-in hint cookie', () => {
  it('comes with the session cookie at sign-in, readable by the page, and goes at sign-out', async () => {
    const { agent } = await signIn(t.app, 'hint@example.com');
    expect(agent.cookies.get('beatroom_signed_in')).toBe('1');
    expect(agent.cookies.has('beatroom_session')).toBe(true);

    const logout = await agent.get('/api/logout');
    const cleared = setCookies(logout.headers).find((c) => c.startsWith('beatroom_signed_in='));
    expect(cleared).toMatch(/^beatroom_signed_in=;/);
    expect(agent.cookies.has('beatroom_signed_in')).toBe(false);
  });

  it('is not HttpOnly, and says nothing secret', async () => {
    const agent = (await signIn(t.app, 'hint2@example.com')).agent;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `beatroom_session=${agent.cookies.get('beatroom_session')}` },
    });
    expect(res.statusCode).toBe(200);
    // A session from before the hint existed gets it on its next API call.
    const hint = setCookies(res.headers).find((c) => c.startsWith('beatroom_signed_in='));
    expect(hint).toMatch(/^beatroom_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/);
  });

  it('goes with a session cookie that no longer names a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: 'beatroom_session=ended-long-ago; beatroom_signed_in=1' },
    });
    expect(res.statusCode).toBe(401);
    const cookies = setCookies(res.headers);
    expect(cookies.find((c) => c.startsWith('beatroom_signed_in='))).toMatch(/^beatroom_signed_in=;/);
    expect(cookies.find((c) => c.startsWith('beatroom_session='))).toMatch(/^beatroom_session=;/);
  });

  it('is left alone when the request carries a Bearer token (the desktop app has no cookies)', async () => {
    const agent = (await signIn(t.app, 'hint3@example.com')).agent;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${agent.cookies.get('beatroom_session')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res.headers)).toEqual([]);
  });
});
