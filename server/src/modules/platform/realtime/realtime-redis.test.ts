import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { describe, expect, it } from 'vitest';
import { eventually, isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { twoInstancesSkipReason, useTwoInstances } from '../../../../test/two-instances';

// Two server instances on one PostgreSQL database, with realtime events over the real Redis.
// PGlite is in-process, so two instances cannot share it: this needs TEST_DATABASE_URL.

describe.skipIf(!!twoInstancesSkipReason)(`two instances over Redis ${twoInstancesSkipReason}`, () => {
  const two = useTwoInstances();

  const open = async (url: string, token: string) => {
    const socket = await TestSocket.open(url, { cookie: `beatroom_session=${token}` });
    await socket.next(isNotification('unread_count_updated'));
    return socket;
  };
  const countIs = (n: number) => (m: ServerMessage) =>
    m.type === 'notification' && m.data.type === 'unread_count_updated' && m.data.count === n;

  it('uses the Redis bus on both instances', () => {
    expect(two.a.app.realtime.busKind).toBe('redis');
    expect(two.b.app.realtime.busKind).toBe('redis');
  });

  // First, while no other socket is open, so the counts are exact. The same two people as the
  // next test: a user who leaves stays in Redis's user count until PRESENCE_TTL_MS.
  it('a socket opening on A pushes live stats counting it to a socket on B', async () => {
    const ann = await member(two.a.app, 'ann@example.com');
    const bob = await member(two.a.app, 'bob@example.com');
    const liveStats = (users: number, sockets: number) => (m: ServerMessage) =>
      m.type === 'live_stats' && m.data.connectedUsers === users && m.data.activeSessions === sockets;
    const annOnB = await open(two.urlB, ann.token);
    await annOnB.next(liveStats(1, 1));
    const bobOnA = await open(two.urlA, bob.token);
    await bobOnA.next(liveStats(2, 2));
    await annOnB.next(liveStats(2, 2));
    for (const s of [annOnB, bobOnA]) s.close();
  });

  it('a follow on instance A reaches the followed user on instance B, and read-all on B reaches A', async () => {
    const ann = await member(two.a.app, 'ann@example.com');
    const bob = await member(two.a.app, 'bob@example.com');
    const bobOnB = await open(two.urlB, bob.token);
    const bobOnA = await open(two.urlA, bob.token);
    const annOnB = await open(two.urlB, ann.token);

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

    const read = await two.b.app.inject({
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
    const dot = await member(two.a.app, 'dot@example.com');
    const dotElsewhere = await member(two.a.app, 'dot@example.com');
    const onB = await open(two.urlB, dot.token);
    const onA = await open(two.urlA, dot.token);
    const otherOnB = await open(two.urlB, dotElsewhere.token);

    expect((await dot.agent.get('/api/logout')).statusCode).toBe(200);
    expect(await onB.waitClosed()).toEqual({ code: 1000, reason: 'Signed out' });
    expect((await onA.waitClosed())?.code).toBe(1000);
    otherOnB.send({ type: 'heartbeat', timestamp: 7 });
    await otherOnB.next((m) => m.type === 'heartbeat' && m.timestamp === 7);
    expect(otherOnB.closed).toBeNull();
    otherOnB.close();
  });

  it('an announcement made on B reaches a socket on A', async () => {
    const cy = await member(two.a.app, 'cy@example.com');
    const onA = await open(two.urlA, cy.token);
    two.b.app.realtime.announce('Across instances', 'success');
    expect(await onA.next(isNotification('system_announcement'))).toEqual({
      type: 'notification',
      data: { type: 'system_announcement', message: 'Across instances', severity: 'success' },
    });
    onA.close();
  });
});
