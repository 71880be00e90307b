import { randomBytes } from 'node:crypto';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  isNotification,
  listenForSockets,
  member,
  TestSocket,
} from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

// Two server instances on one PostgreSQL database, with realtime events over the real Redis.
// PGlite is in-process, so two instances cannot share it: this needs TEST_DATABASE_URL.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const reason = !databaseUrl
  ? 'skipped: set TEST_DATABASE_URL (real PostgreSQL) to share one database between two instances'
  : !redisUrl
    ? 'skipped: set REDIS_URL (e.g. redis://127.0.0.1:6379)'
    : '';

describe.skipIf(!!reason)(`two instances over Redis ${reason}`, () => {
  const prefix = `beatroom-test-${randomBytes(6).toString('hex')}:`;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix };
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let b: Awaited<ReturnType<typeof createTestApp>>;
  const urls = { a: '', b: '' };

  beforeAll(async () => {
    a = await createTestApp({}, env);
    b = await createTestApp({ databaseUrl: a.config.databaseUrl }, env);
    for (const [name, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      urls[name] = await listenForSockets(t.app);
    }
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  const open = async (url: string, token: string) => {
    const socket = await TestSocket.open(url, { cookie: `beatroom_session=${token}` });
    await socket.next(isNotification('unread_count_updated'));
    return socket;
  };
  const countIs = (n: number) => (m: ServerMessage) =>
    m.type === 'notification' && m.data.type === 'unread_count_updated' && m.data.count === n;

  it('uses the Redis bus on both instances', () => {
    expect(a.app.realtime.busKind).toBe('redis');
    expect(b.app.realtime.busKind).toBe('redis');
  });

  // First, while no other socket is open, so the counts are exact. The same two people as the
  // next test: a user who leaves stays in Redis's user count until PRESENCE_TTL_MS.
  it('a socket opening on A pushes live stats counting it to a socket on B', async () => {
    const ann = await member(a.app, 'ann@example.com');
    const bob = await member(a.app, 'bob@example.com');
    const liveStats = (users: number, sockets: number) => (m: ServerMessage) =>
      m.type === 'live_stats' && m.data.connectedUsers === users && m.data.activeSessions === sockets;
    const annOnB = await open(urls.b, ann.token);
    await annOnB.next(liveStats(1, 1));
    const bobOnA = await open(urls.a, bob.token);
    await bobOnA.next(liveStats(2, 2));
    await annOnB.next(liveStats(2, 2));
    for (const s of [annOnB, bobOnA]) s.close();
  });

  it('a follow on instance A reaches the followed user on instance B, and read-all on B reaches A', async () => {
    const ann = await member(a.app, 'ann@example.com');
    const bob = await member(a.app, 'bob@example.com');
    const bobOnB = await open(urls.b, bob.token);
    const bobOnA = await open(urls.a, bob.token);
    const annOnB = await open(urls.b, ann.token);

    const res = await ann.agent.request({ method: 'POST', url: `/api/users/${bob.id}/follow` });
    expect(res.statusCode).toBe(200);
    const fresh = await bobOnB.next(isNotification('new_notification'));
    expect(
      fresh.type === 'notification' && fresh.data.type === 'new_notification' && fresh.data.notification,
    ).toMatchObject({ type: 'new_follower', data: { followerId: ann.id } });
    await bobOnB.next(countIs(1));
    await bobOnA.next(countIs(1));
    // The activity broadcast made on A reaches a socket on B.
    await annOnB.next((m) => m.type === 'activity' && m.data.type === 'new_activity');

    const read = await b.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: { cookie: `beatroom_session=${bob.token}` },
    });
    expect(read.json()).toEqual({ ok: true, count: 0 });
    await bobOnA.next(countIs(0));

    // Live stats count the users and sessions of both instances: Bob's one session, with a
    // socket on each instance, counts once.
    await eventually(async () => {
      const stats = (await ann.agent.get('/api/live/stats')).json();
      expect(stats).toMatchObject({ connectedUsers: 2, activeSessions: 2 });
    });
    for (const s of [bobOnA, bobOnB, annOnB]) s.close();
  });

  it("a sign-out on A closes that session's sockets on B with 1000; another session stays", async () => {
    const dot = await member(a.app, 'dot@example.com');
    const dotElsewhere = await member(a.app, 'dot@example.com');
    const onB = await open(urls.b, dot.token);
    const onA = await open(urls.a, dot.token);
    const otherOnB = await open(urls.b, dotElsewhere.token);

    expect((await dot.agent.get('/api/logout')).statusCode).toBe(200);
    expect(await onB.waitClosed()).toEqual({ code: 1000, reason: 'Signed out' });
    expect((await onA.waitClosed())?.code).toBe(1000);
    otherOnB.send({ type: 'heartbeat', timestamp: 7 });
    await otherOnB.next((m) => m.type === 'heartbeat' && m.timestamp === 7);
    expect(otherOnB.closed).toBeNull();
    otherOnB.close();
  });

  it('an announcement made on B reaches a socket on A', async () => {
    const cy = await member(a.app, 'cy@example.com');
    const onA = await open(urls.a, cy.token);
    b.app.realtime.announce('Across instances', 'success');
    expect(await onA.next(isNotification('system_announcement'))).toEqual({
      type: 'notification',
      data: { type: 'system_announcement', message: 'Across instances', severity: 'success' },
    });
    onA.close();
  });
});
