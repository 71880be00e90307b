import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isNotification, member, TestSocket } from './community-fixtures';
import { createTestApp } from './helpers';

describe('app core', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 5 });
  });
  afterAll(async () => t?.close());

  it('GET /api/health answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('unknown API routes answer a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/nothing-here' });
  });

  it('malformed JSON is a 400 with a readable error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('rate limits bursts with a 429 in the usual error shape; an Upgrade header is no way around it', async () => {
    let last;
    for (let i = 0; i < 8; i++) last = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toMatch(/Too many requests/);
    // Counted before anything else: a refused caller costs no session lookup.
    const lookups = vi.spyOn(t.app.auth, 'resolveSession');
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: 'beatroom_session=made-up' },
    });
    expect(withToken.statusCode).toBe(429);
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();
    // An Upgrade header elsewhere changes nothing; /api/ws has its own per-address limit on
    // upgrade attempts (server/src/modules/platform/realtime/socket-limits.test.ts).
    const upgrade = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { connection: 'upgrade', upgrade: 'websocket' },
    });
    expect(upgrade.statusCode).toBe(429);
  });

  it('GET /api/ready answers 200 with the database and 503 without it', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ok.statusCode).toBe(200);
    await t.app.db.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: 'Database unreachable' });
  });
});

describe('rate limit and WebSocket upgrades', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 4 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
  });
  afterAll(async () => t?.close());

  it('socket upgrades do not count against the request limit, while plain requests are limited', async () => {
    const ann = await member(t.app, 'ann@example.com'); // sign-in has its own limit
    const cookie = `beatroom_session=${ann.token}`;
    const sockets = [];
    for (let i = 0; i < 6; i++) sockets.push(await TestSocket.open(url, { cookie }));
    await Promise.all(sockets.map((s) => s.next(isNotification('connected'))));
    let last;
    for (let i = 0; i < 5; i++) last = await ann.agent.get('/api/users/me');
    expect(last!.statusCode).toBe(429);
    const late = await TestSocket.open(url, { cookie });
    await late.next(isNotification('connected'));
    for (const s of [...sockets, late]) s.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('survives its idle connections being killed (a database restart) and keeps answering', async () => {
    const { default: pg } = await import('pg');
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const database = new URL(t.config.databaseUrl as string).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        database,
      ]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
