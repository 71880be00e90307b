import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signIn } from '../../test/helpers';

describe('sign-in start and session exchange: per address (SIGN_IN_RATE_LIMIT_MAX)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({}, { SIGN_IN_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t?.close());

  it('the fourth sign-in start a minute from one address is 429; another address is not affected', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/oauth/google/redirect_url', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1')).statusCode).toBe(200);
    const over = await from('10.0.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/^Too many requests: slow down and retry in \d+ s$/);
    expect((await from('10.0.0.2')).statusCode).toBe(200);
  });

  it('session exchanges are counted too, bad ones included, whatever cookie the caller sends', async () => {
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        payload: payload as Record<string, string>,
        remoteAddress: '10.0.0.3',
        headers: { cookie: 'beatroom_session=made-up' },
      });
    for (let i = 0; i < 3; i++) expect((await post({ code: 'x', state: 'y' })).statusCode).toBe(400);
    expect((await post({ code: 'x', state: 'y' })).statusCode).toBe(429);
  });
});

describe('everything else: per user once signed in, per address otherwise (RATE_LIMIT_MAX)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({}, { RATE_LIMIT_MAX: '5' });
  });
  afterAll(async () => t?.close());

  it('two signed-in users behind one address each have their own budget, and signed-out callers theirs', async () => {
    const ann = await signIn(t.app, 'limit.ann@example.com');
    const bob = await signIn(t.app, 'limit.bob@example.com');
    for (let i = 0; i < 5; i++) expect((await ann.agent.get('/api/users/me')).statusCode).toBe(200);
    expect((await ann.agent.get('/api/users/me')).statusCode).toBe(429);
    // Same address (inject's 127.0.0.1), another user: not limited by Ann's requests.
    expect((await bob.agent.get('/api/users/me')).statusCode).toBe(200);
    // Signed out from that address: its own budget, untouched by Ann and Bob.
    const visitor = new Agent(t.app);
    for (let i = 0; i < 5; i++) expect((await visitor.get('/api/beats')).statusCode).toBe(200);
    expect((await visitor.get('/api/beats')).statusCode).toBe(429);
  });

  it('a made-up session token does not buy a fresh budget: it is counted per address', async () => {
    const from = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/beats',
        remoteAddress: '10.0.0.9',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 5; i++) expect((await from(`fake-${i}`)).statusCode).toBe(200);
    expect((await from('fake-next')).statusCode).toBe(429);
  });

  it('made-up tokens are counted on guarded routes (401) and unknown ones (404) too', async () => {
    const from = (url: string, i: number) =>
      t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '10.0.0.10',
        headers: { authorization: `Bearer fake-${i}` },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await from(i % 2 ? '/api/users/me' : '/api/nothing', i)).statusCode);
    expect(statuses).toEqual([404, 401, 404, 401, 404, 429]);
  });

  it('a challenge entry’s and a session take’s audio have the media budget, like /api/files', async () => {
    // A player seeking fetches many ranges. Unknown ids answer 404 (signed out, the take 401),
    // and still count against whichever budget the route has.
    const ids = '00000000-0000-4000-8000-000000000001';
    const other = '00000000-0000-4000-8000-000000000002';
    const cases = [
      { url: `/api/challenges/${ids}/entries/${other}/audio`, status: 404, from: '10.0.0.11' },
      { url: `/api/collaborative-sessions/${ids}/takes/${other}/audio`, status: 401, from: '10.0.0.12' },
    ];
    for (const { url, status, from } of cases) {
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress: from })).statusCode);
      }
      expect(statuses).toEqual(Array(8).fill(status));
    }
  });

  it('health and readiness are never limited', async () => {
    for (let i = 0; i < 8; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' })).statusCode,
      ).toBe(200);
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const signInStarts = async (t: Awaited<ReturnType<typeof createTestApp>>, forwardedFor: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/oauth/google/redirect_url',
      remoteAddress: '10.1.1.1', // the proxy
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('without it, X-Forwarded-For is ignored: every client behind the proxy shares its address', async () => {
    const t = await createTestApp({}, { SIGN_IN_RATE_LIMIT_MAX: '2' });
    try {
      expect((await signInStarts(t, '203.0.113.1')).statusCode).toBe(200);
      expect((await signInStarts(t, '203.0.113.2')).statusCode).toBe(200);
      expect((await signInStarts(t, '203.0.113.3')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with it, each client address the proxy forwards has its own budget', async () => {
    const t = await createTestApp({}, { SIGN_IN_RATE_LIMIT_MAX: '2', TRUST_PROXY: '1' });
    try {
      for (let i = 0; i < 2; i++) expect((await signInStarts(t, '203.0.113.1')).statusCode).toBe(200);
      expect((await signInStarts(t, '203.0.113.1')).statusCode).toBe(429);
      expect((await signInStarts(t, '203.0.113.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
