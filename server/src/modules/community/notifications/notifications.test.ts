import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, insertBeat, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof member>>;
let stranger: Awaited<ReturnType<typeof member>>;
let ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await member(t.app, 'owner@example.com');
  stranger = await member(t.app, 'stranger@example.com');
  const base = Date.now() - 60_000;
  // 25 notifications, alternating types; the 5 oldest already read.
  const rows = Array.from({ length: 25 }, (_, i) => ({
    userId: owner.id,
    type: i % 2 ? 'new_beat' : 'new_follower',
    title: `n${i}`,
    message: `message ${i}`,
    data: i % 2 ? { beatId: `b${i}` } : { followerId: `f${i}` },
    createdAt: new Date(base + i * 1000),
    readAt: i < 5 ? new Date() : null,
  }));
  await t.app.db.prisma.notification.createMany({ data: rows });
  ids = (
    await t.app.db.prisma.notification.findMany({
      where: { userId: owner.id },
      orderBy: { createdAt: 'desc' },
    })
  ).map((n) => n.id);
});
afterAll(async () => t?.close());

describe('signed out', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications?page=0'],
    ['GET', '/api/notifications/unread-count'],
    ['PATCH', '/api/notifications/read-all'],
    ['PATCH', '/api/notifications/nope/read'],
  ] as const)('%s %s → 401', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('GET /api/notifications', () => {
  it('the bell: ?limit=10 gives the newest 10', async () => {
    const res = await owner.agent.get('/api/notifications?limit=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notifications.map((n: { id: string }) => n.id)).toEqual(ids.slice(0, 10));
    expect(body.hasMore).toBe(true);
    expect(Object.keys(body.notifications[0]).sort()).toEqual(
      ['created_at', 'data', 'id', 'message', 'read_at', 'title', 'type'].sort(),
    );
  });

  it('the page: ?page=N&limit=20 with hasMore', async () => {
    const first = (await owner.agent.get('/api/notifications?page=1&limit=20')).json();
    const second = (await owner.agent.get('/api/notifications?page=2&limit=20')).json();
    expect(first.notifications).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.notifications.map((n: { id: string }) => n.id)).toEqual(ids.slice(20));
    expect(second.hasMore).toBe(false);
  });

  it.each([
    ['read=unread', 20],
    ['read=read', 5],
    ['type=new_beat', 12],
    ['type=new_follower&read=read', 3],
    ['type=promotional', 0],
  ])('filters by %s', async (query, count) => {
    const res = await owner.agent.get(`/api/notifications?limit=50&${query}`);
    expect(res.json().notifications).toHaveLength(count);
  });

  it.each(['page=0', 'limit=0', 'limit=51', 'read=maybe', 'type=spam', 'page=x'])('400 for %s', async (q) => {
    expect((await owner.agent.get(`/api/notifications?${q}`)).statusCode).toBe(400);
  });

  it("never shows someone else's notifications", async () => {
    expect((await stranger.agent.get('/api/notifications')).json()).toEqual({
      notifications: [],
      hasMore: false,
    });
  });
});

describe('reading', () => {
  it('counts unread', async () => {
    expect((await owner.agent.get('/api/notifications/unread-count')).json()).toEqual({ count: 20 });
  });

  it("404 for a malformed id, an unknown id or someone else's", async () => {
    const malformed = await owner.agent.request({ method: 'PATCH', url: '/api/notifications/nope/read' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ error: 'Notification not found' });
    const theirs = await stranger.agent.request({
      method: 'PATCH',
      url: `/api/notifications/${ids[0]}/read`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Notification not found' });
    expect((await owner.agent.get('/api/notifications/unread-count')).json().count).toBe(20);
  });

  it('marks one read (repeating is harmless), then all', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await owner.agent.request({ method: 'PATCH', url: `/api/notifications/${ids[0]}/read` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, count: 19 });
    }
    const first = (await owner.agent.get('/api/notifications?limit=1')).json().notifications[0];
    expect(first.read_at).not.toBeNull();
    const all = await owner.agent.request({ method: 'PATCH', url: '/api/notifications/read-all' });
    expect(all.json()).toEqual({ ok: true, count: 0 });
    expect((await owner.agent.get('/api/notifications?read=unread')).json().notifications).toEqual([]);
  });
});

describe('created by the server', () => {
  it('new_beat reaches every follower who wants it, not the others', async () => {
    const producer = await member(t.app, 'producer@example.com');
    const fans = await Promise.all([1, 2, 3].map((i) => member(t.app, `fan${i}@example.com`)));
    await t.app.db.prisma.follow.createMany({
      data: fans.map((f) => ({ followerId: f.id, followedId: producer.id })),
    });
    await t.app.db.prisma.userSettings.update({
      where: { userId: fans[2]!.id },
      data: { newBeatNotifications: false },
    });
    const beat = await insertBeat(t.app, producer.id, { title: 'Night Drive' });
    await t.app.domainEvents.emit({
      type: 'beat.created',
      beatId: beat.id,
      userId: producer.id,
      title: beat.title,
    });
    for (const fan of fans.slice(0, 2)) {
      const list = await eventually(async () => {
        const n = (await fan.agent.get('/api/notifications')).json().notifications;
        expect(n).toHaveLength(1);
        return n;
      });
      expect(list[0]).toMatchObject({ type: 'new_beat', data: { beatId: beat.id } });
      expect(list[0].message).toContain('Night Drive');
    }
    expect((await fans[2]!.agent.get('/api/notifications/unread-count')).json().count).toBe(0);
    expect((await producer.agent.get('/api/notifications/unread-count')).json().count).toBe(0);
  });

  it('beat_review reaches the owner on a first rating only, and honours reviewNotifications', async () => {
    const beat = await insertBeat(t.app, stranger.id, { title: 'Loop' });
    const rated = {
      type: 'beat.rated' as const,
      beatId: beat.id,
      beatTitle: beat.title,
      ownerId: stranger.id,
      userId: owner.id,
      rating: 4,
      isNew: true,
    };
    await t.app.domainEvents.emit(rated);
    await t.app.domainEvents.emit({ ...rated, rating: 5, isNew: false });
    const list = (await stranger.agent.get('/api/notifications')).json().notifications;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'beat_review',
      data: { beatId: beat.id },
      message: 'owner rated Loop 4 stars',
    });

    await t.app.db.prisma.userSettings.update({
      where: { userId: stranger.id },
      data: { reviewNotifications: false },
    });
    const other = await member(t.app, 'rater@example.com');
    await t.app.domainEvents.emit({ ...rated, userId: other.id });
    expect((await stranger.agent.get('/api/notifications')).json().notifications).toHaveLength(1);
  });
});
