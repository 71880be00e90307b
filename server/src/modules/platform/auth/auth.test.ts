import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../events/domain-events';
import { Agent, authorize, createTestApp, signIn } from '../../../../test/helpers';
import { DEFAULT_ADMIN_EMAIL } from '../../../config';
import { CROSS_SITE_LOGOUT } from './auth.routes';
import { SESSION_IDLE_MS, SIGN_IN_EXPIRED, SIGN_IN_REJECTED } from './auth.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/oauth/google/redirect_url', () => {
  it('answers an authorization URL on the issuer with PKCE, state and nonce', async () => {
    const res = await new Agent(t.app).get('/api/oauth/google/redirect_url');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().redirectUrl);
    expect(url.origin).toBe(t.app.issuerUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(res.headers['set-cookie']).toContain('HttpOnly');
  });

  it('shows the local issuer form without login_hint and redirects straight back with it', async () => {
    const agent = new Agent(t.app);
    const { redirectUrl } = (await agent.get('/api/oauth/google/redirect_url')).json();
    const form = await fetch(redirectUrl);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('name="email"');
    expect(html).toContain('name="name"');
    const { location, code, state } = await authorize(agent, 'hint@example.com');
    expect(location.origin + location.pathname).toBe('http://localhost:3000/auth/callback');
    expect(code).toBeTruthy();
    expect(state).toBeTruthy();
  });

  it('accepts the issuer form submission', async () => {
    const agent = new Agent(t.app);
    const { redirectUrl } = (await agent.get('/api/oauth/google/redirect_url')).json();
    const url = new URL(redirectUrl);
    const body = new URLSearchParams(url.searchParams);
    body.set('email', 'Form.User@Example.com');
    body.set('name', 'Form User');
    const res = await fetch(`${url.origin}/authorize`, { method: 'POST', body, redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    const session = await agent.post('/api/sessions', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ email: 'form.user@example.com', name: 'Form User' });
  });

  it('re-shows the form for an invalid e-mail', async () => {
    const agent = new Agent(t.app);
    const { redirectUrl } = (await agent.get('/api/oauth/google/redirect_url')).json();
    const url = new URL(redirectUrl);
    const body = new URLSearchParams(url.searchParams);
    body.set('email', 'not-an-email');
    const res = await fetch(`${url.origin}/authorize`, { method: 'POST', body, redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a valid e-mail address.');
  });
});

describe('POST /api/sessions', () => {
  it('signs in, creates the user with profile and settings, and sets an httpOnly Lax cookie', async () => {
    const agent = new Agent(t.app);
    const { code, state } = await authorize(agent, 'new.user@example.com');
    const res = await agent.post('/api/sessions', { code, state });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: 'new.user@example.com',
      name: 'new.user',
      picture: null,
      isAdmin: false,
      isOwner: false,
      role: 'user',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/beatroom_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await agent.get('/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('signing in again finds the same user', async () => {
    const first = await signIn(t.app, 'again@example.com');
    const second = await signIn(t.app, 'again@example.com');
    expect(second.user.id).toBe(first.user.id);
  });

  it('gives isAdmin true to ADMIN_EMAIL and false to anyone else', async () => {
    const admin = await signIn(t.app, DEFAULT_ADMIN_EMAIL);
    expect((await admin.agent.get('/api/users/me')).json().isAdmin).toBe(true);
    const other = await signIn(t.app, 'someone@example.com');
    expect((await other.agent.get('/api/users/me')).json().isAdmin).toBe(false);
  });

  it.each([
    [{}, 'code'],
    [{ code: 'x' }, 'state'],
    [{ state: 'x' }, 'code'],
    [{ code: '', state: 'x' }, 'code'],
  ])('400 for a missing code or state (%j)', async (payload, field) => {
    const res = await new Agent(t.app).post('/api/sessions', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it('400 and no session for a wrong state', async () => {
    const agent = new Agent(t.app);
    const { code } = await authorize(agent, 'wrong.state@example.com');
    const res = await agent.post('/api/sessions', { code, state: 'not-the-state' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SIGN_IN_EXPIRED });
    expect(agent.cookies.has('beatroom_session')).toBe(false);
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });

  it('400 for a wrong code', async () => {
    const agent = new Agent(t.app);
    const { state } = await authorize(agent, 'wrong.code@example.com');
    const res = await agent.post('/api/sessions', { code: 'made-up-code', state });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SIGN_IN_REJECTED });
    expect(agent.cookies.has('beatroom_session')).toBe(false);
  });

  it('400 for a reused code, even with a fresh state', async () => {
    const agent = new Agent(t.app);
    const { code, state } = await authorize(agent, 'reuse@example.com');
    expect((await agent.post('/api/sessions', { code, state })).statusCode).toBe(200);
    const replay = await agent.post('/api/sessions', { code, state });
    expect(replay.statusCode).toBe(400);
    const other = new Agent(t.app);
    const fresh = await authorize(other, 'reuse@example.com');
    const withOldCode = await other.post('/api/sessions', { code, state: fresh.state });
    expect(withOldCode.statusCode).toBe(400);
    expect(other.cookies.has('beatroom_session')).toBe(false);
  });

  it('refuses a code and state started in another browser', async () => {
    const victim = new Agent(t.app);
    const attacker = new Agent(t.app);
    const { code, state } = await authorize(attacker, 'attacker@example.com');
    await victim.get('/api/oauth/google/redirect_url');
    const res = await victim.post('/api/sessions', { code, state });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a state-changing request from another site', async () => {
    const agent = new Agent(t.app);
    const { code, state } = await authorize(agent, 'cross@example.com');
    const res = await agent.post('/api/sessions', { code, state }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused' });
  });
});

describe('GET /api/users/me', () => {
  it('401 when signed out or with an unknown token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Sign in required' });
    const bogus = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: 'beatroom_session=nope' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('accepts the session token as a Bearer token (desktop app)', async () => {
    const { agent } = await signIn(t.app, 'bearer@example.com');
    const token = agent.cookies.get('beatroom_session')!;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('bearer@example.com');
  });
});

describe('GET /api/logout', () => {
  it('ends the session on the server, not only the cookie', async () => {
    const { agent } = await signIn(t.app, 'logout@example.com');
    const token = agent.cookies.get('beatroom_session')!;
    const res = await agent.get('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/beatroom_session=;/);
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `beatroom_session=${token}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('is harmless when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a sign-out another site asked for (Fetch metadata or a foreign Origin); the session stays', async () => {
    const { agent } = await signIn(t.app, 'logout.csrf@example.com');
    const link = await agent.get('/api/logout', {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    expect(link.statusCode).toBe(403);
    expect(link.json().error).toBe(CROSS_SITE_LOGOUT);
    expect(link.headers['set-cookie']).toBeUndefined();
    const foreign = await agent.get('/api/logout', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const foreignPost = await agent.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(foreignPost.statusCode).toBe(403);
    expect((await agent.get('/api/users/me')).statusCode).toBe(200);

    // Our own pages may: same-origin Fetch metadata, or our Origin.
    const own = await agent.get('/api/logout', {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:3000',
    });
    expect(own.statusCode).toBe(200);
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });
});

describe('POST /api/logout (what the web app sends)', () => {
  it('ends the session', async () => {
    const { agent } = await signIn(t.app, 'logout.post@example.com');
    const res = await agent.post('/api/logout', undefined, { origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });

  it('is harmless when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});

describe('the end of a session (domain event for realtime)', () => {
  const ended: DomainEvent[] = [];
  beforeAll(() => t.app.domainEvents.on('session.ended', (event) => void ended.push(event)));

  it('a sign-out tells session.ended with the token hash and the user, never the token', async () => {
    ended.length = 0;
    const { agent, user } = await signIn(t.app, 'ended.logout@example.com');
    const token = agent.cookies.get('beatroom_session')!;
    await agent.get('/api/logout');
    expect(ended).toEqual([
      { type: 'session.ended', tokenHash: t.app.auth.hashToken(token), userId: user.id, reason: 'logout' },
    ]);
    expect(JSON.stringify(ended)).not.toContain(token);
    // The session is gone: signing out with it again ends nothing more.
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(ended).toHaveLength(1);
  });

  it('an expired session found on use and idle sessions found by the sweep end too', async () => {
    ended.length = 0;
    const expired = await signIn(t.app, 'ended.expired@example.com');
    const expiredToken = expired.agent.cookies.get('beatroom_session')!;
    await t.app.db.prisma.session.update({
      where: { tokenHash: t.app.auth.hashToken(expiredToken) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await expired.agent.get('/api/users/me')).statusCode).toBe(401);
    expect(ended).toEqual([
      expect.objectContaining({ tokenHash: t.app.auth.hashToken(expiredToken), reason: 'expired' }),
    ]);

    ended.length = 0;
    const idle = await signIn(t.app, 'ended.idle@example.com');
    const idleHash = t.app.auth.hashToken(idle.agent.cookies.get('beatroom_session')!);
    await t.app.db.prisma.session.update({
      where: { tokenHash: idleHash },
      data: { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) },
    });
    await t.app.auth.sweepExpired();
    expect(ended).toEqual([
      { type: 'session.ended', tokenHash: idleHash, userId: idle.user.id, reason: 'expired' },
    ]);
    expect(await t.app.db.prisma.session.count({ where: { tokenHash: idleHash } })).toBe(0);
  });
});
