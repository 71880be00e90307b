import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { createTestApp, listenForSockets } from '../../../../test/helpers';
import { SESSION_IDLE_MS } from '../auth/auth.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
});
afterAll(async () => t?.close());

const asCookie = (token: string) => ({ cookie: `beatroom_session=${token}`, origin });
const isActivity = (type: string) => (m: ServerMessage) => m.type === 'activity' && m.data.type === type;

async function connect(token: string) {
  const socket = await TestSocket.open(url, asCookie(token));
  await socket.next(isNotification('unread_count_updated'));
  return socket;
}

describe('the upgrade', () => {
  it('is refused with 401 without a session or with an unknown one', async () => {
    await expect(TestSocket.open(url, { origin })).rejects.toThrow('HTTP 401');
    await expect(TestSocket.open(url, asCookie('made-up'))).rejects.toThrow('HTTP 401');
  });

  it('is refused with 403 from an Origin not on the allow-list, even with a session', async () => {
    for (const bad of ['https://evil.example', 'null']) {
      await expect(
        TestSocket.open(url, { cookie: `beatroom_session=${ann.token}`, origin: bad }),
      ).rejects.toThrow('HTTP 403');
    }
  });

  it('accepts a Bearer token without Origin (desktop app)', async () => {
    const socket = await TestSocket.open(url, { authorization: `Bearer ${ann.token}` });
    expect(await socket.next(isNotification('connected'))).toEqual({
      type: 'notification',
      data: { type: 'connected', userId: ann.id },
    });
    socket.close();
  });

  it('sends connected, the initial feed and the unread count on connect', async () => {
    const socket = await connect(ann.token);
    // live_stats pushes (sockets coming and going) may interleave; they are live.test.ts's.
    const sequence = socket.messages.flatMap((m) =>
      m.type === 'notification' || m.type === 'activity' ? [`${m.type}:${m.data.type}`] : [],
    );
    expect(sequence).toEqual([
      'notification:connected',
      'activity:initial_feed',
      'notification:unread_count_updated',
    ]);
    socket.close();
  });
});

describe('client messages', () => {
  it('closes the socket (1008) when auth names another user; the right user stays', async () => {
    const right = await connect(ann.token);
    right.send({ type: 'auth', data: { userId: ann.id } });
    const wrong = await connect(ann.token);
    wrong.send({ type: 'auth', data: { userId: bob.id } });
    expect((await wrong.waitClosed())?.code).toBe(1008);
    right.send({ type: 'heartbeat', timestamp: 1 });
    await right.next((m) => m.type === 'heartbeat');
    expect(right.closed).toBeNull();
    right.close();
  });

  it('ignores unknown and malformed messages; the socket stays open and answers heartbeat', async () => {
    const socket = await connect(ann.token);
    socket.send({ type: 'mystery', data: 1 });
    socket.send('not json at all');
    socket.send({ type: 'notification', data: { type: 'subscribe', channel: 'no-such-channel' } });
    socket.send({ type: 'heartbeat', timestamp: 42 });
    expect(await socket.next((m) => m.type === 'heartbeat')).toEqual({ type: 'heartbeat', timestamp: 42 });
    expect(socket.closed).toBeNull();
    socket.close();
  });
});

describe('deliveries', () => {
  it("a follow delivers new_notification and unread_count_updated to the followed user's sockets", async () => {
    const bobTabs = [await connect(bob.token), await connect(bob.token)];
    const annSocket = await connect(ann.token);
    const res = await ann.agent.request({ method: 'POST', url: `/api/users/${bob.id}/follow` });
    expect(res.statusCode).toBe(200);
    for (const tab of bobTabs) {
      const fresh = await tab.next(isNotification('new_notification'));
      expect(
        fresh.type === 'notification' && fresh.data.type === 'new_notification' && fresh.data.notification,
      ).toMatchObject({ type: 'new_follower', data: { followerId: ann.id }, read_at: null });
      const counts = tab.messages.filter(isNotification('unread_count_updated'));
      await tab.next(
        (m) => m.type === 'notification' && m.data.type === 'unread_count_updated' && m.data.count === 1,
      );
      expect(counts.length).toBeGreaterThanOrEqual(1);
    }
    // Everyone sees the activity; Ann gets no notification.
    await annSocket.next(isActivity('new_activity'));
    expect(annSocket.messages.some(isNotification('new_notification'))).toBe(false);
    for (const s of [...bobTabs, annSocket]) s.close();
  });

  it('read-all and mark-one-read push the new unread count', async () => {
    const carl = await member(t.app, 'carl@example.com');
    await ann.agent.request({ method: 'POST', url: `/api/users/${carl.id}/follow` });
    await bob.agent.request({ method: 'POST', url: `/api/users/${carl.id}/follow` });
    const socket = await connect(carl.token);
    const countIs = (n: number) => (m: ServerMessage) =>
      m.type === 'notification' && m.data.type === 'unread_count_updated' && m.data.count === n;
    await socket.next(countIs(2));
    const { notifications } = (await carl.agent.get('/api/notifications')).json();
    await carl.agent.request({ method: 'PATCH', url: `/api/notifications/${notifications[0].id}/read` });
    await socket.next(countIs(1));
    await carl.agent.request({ method: 'PATCH', url: '/api/notifications/read-all' });
    await socket.next(countIs(0));
    socket.close();
  });

  it('stops new_activity after unsubscribing from activity, and resumes after subscribing', async () => {
    const socket = await connect(ann.token);
    socket.send({ type: 'notification', data: { type: 'unsubscribe', channel: 'activity' } });
    socket.send({ type: 'heartbeat', timestamp: 1 });
    await socket.next((m) => m.type === 'heartbeat');
    const beat = await insertBeat(t.app, bob.id, { title: 'Quiet' });
    await t.app.domainEvents.emit({ type: 'beat.created', beatId: beat.id, userId: bob.id, title: 'Quiet' });
    socket.send({ type: 'notification', data: { type: 'subscribe', channel: 'activity' } });
    socket.send({ type: 'heartbeat', timestamp: 2 });
    await socket.next((m) => m.type === 'heartbeat' && m.timestamp === 2);
    expect(socket.messages.some(isActivity('new_activity'))).toBe(false);
    await t.app.domainEvents.emit({ type: 'beat.created', beatId: beat.id, userId: bob.id, title: 'Loud' });
    const item = await socket.next(isActivity('new_activity'));
    expect(
      item.type === 'activity' && item.data.type === 'new_activity' && item.data.activity.targetName,
    ).toBe('Loud');
    socket.close();
  });

  it('pushes stats_updated to a producer whose numbers changed', async () => {
    // A producer with no earlier push, so the throttle sends at once.
    const dee = await member(t.app, 'dee@example.com');
    const socket = await connect(dee.token);
    const beat = await insertBeat(t.app, dee.id, { title: 'Rated', playCount: 4 });
    await t.app.db.prisma.beatReview.create({ data: { beatId: beat.id, userId: ann.id, rating: 4 } });
    await t.app.domainEvents.emit({
      type: 'beat.rated',
      beatId: beat.id,
      beatTitle: 'Rated',
      ownerId: dee.id,
      userId: ann.id,
      rating: 4,
      isNew: true,
    });
    const stats = await socket.next((m) => m.type === 'analytics');
    expect(stats.type === 'analytics' && stats.data.analytics).toMatchObject({
      averageRating: 4,
      totalPlays: 4,
    });
    socket.close();
  });

  it('system announcements reach everyone, or only the users named', async () => {
    const a = await connect(ann.token);
    const b = await connect(bob.token);
    t.app.realtime.announce('Maintenance at noon', 'warning');
    for (const s of [a, b]) {
      expect(await s.next(isNotification('system_announcement'))).toEqual({
        type: 'notification',
        data: { type: 'system_announcement', message: 'Maintenance at noon', severity: 'warning' },
      });
    }
    t.app.realtime.announce('Just for Bob', 'info', [bob.id]);
    await b.next(
      (m) =>
        m.type === 'notification' &&
        m.data.type === 'system_announcement' &&
        m.data.message === 'Just for Bob',
    );
    a.send({ type: 'heartbeat', timestamp: 9 });
    await a.next((m) => m.type === 'heartbeat' && m.timestamp === 9);
    expect(a.messages.filter(isNotification('system_announcement'))).toHaveLength(1);
    a.close();
    b.close();
  });
});

describe('the end of a session', () => {
  /** A heartbeat round trip: the socket is open and served. */
  async function stillOpen(socket: TestSocket, timestamp: number) {
    socket.send({ type: 'heartbeat', timestamp });
    await socket.next((m) => m.type === 'heartbeat' && m.timestamp === timestamp);
    expect(socket.closed).toBeNull();
  }

  it("sign-out closes that session's sockets with 1000; the user's other sessions stay open", async () => {
    const laptop = await member(t.app, 'eve@example.com');
    const phone = await member(t.app, 'eve@example.com');
    expect(phone.id).toBe(laptop.id);
    const laptopTabs = [await connect(laptop.token), await connect(laptop.token)];
    const phoneSocket = await connect(phone.token);
    const desktop = await TestSocket.open(url, { authorization: `Bearer ${phone.token}` });

    expect((await laptop.agent.get('/api/logout')).statusCode).toBe(200);
    for (const tab of laptopTabs) {
      expect(await tab.waitClosed()).toEqual({ code: 1000, reason: 'Signed out' });
    }
    await stillOpen(phoneSocket, 101);
    await stillOpen(desktop, 102);
    await expect(TestSocket.open(url, asCookie(laptop.token))).rejects.toThrow('HTTP 401');
    phoneSocket.close();
    desktop.close();
  });

  it('a desktop sign-out (Bearer) closes the Bearer socket with 1000', async () => {
    const app = await member(t.app, 'fay@example.com');
    const socket = await TestSocket.open(url, { authorization: `Bearer ${app.token}` });
    await socket.next(isNotification('connected'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await socket.waitClosed())?.code).toBe(1000);
  });

  it('a session found expired on use closes its sockets with 1000', async () => {
    const gus = await member(t.app, 'gus@example.com');
    const other = await member(t.app, 'gus@example.com');
    const socket = await connect(gus.token);
    const otherSocket = await connect(other.token);
    await t.app.db.prisma.session.update({
      where: { tokenHash: t.app.auth.hashToken(gus.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await gus.agent.get('/api/users/me')).statusCode).toBe(401);
    expect((await socket.waitClosed())?.code).toBe(1000);
    await stillOpen(otherSocket, 103);
    otherSocket.close();
  });

  it('the hourly sweep closes the sockets of the idle sessions it deletes', async () => {
    const hal = await member(t.app, 'hal@example.com');
    const socket = await connect(hal.token);
    await t.app.db.prisma.session.update({
      where: { tokenHash: t.app.auth.hashToken(hal.token) },
      data: { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) },
    });
    await t.app.auth.sweepExpired();
    expect((await socket.waitClosed())?.code).toBe(1000);
  });
});
