import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { CANNOT_FOLLOW_SELF } from './follows.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
});
afterAll(async () => t?.close());

const followers = (id: string) =>
  t.app
    .inject({ method: 'GET', url: `/api/users/${id}/profile` })
    .then((r) => r.json().followers_count as number);

describe('follow routes', () => {
  it.each([
    ['GET', 'follow-status'],
    ['POST', 'follow'],
    ['DELETE', 'follow'],
  ] as const)('%s %s: 401 signed out (even with a bad id)', async (method, path) => {
    for (const id of [bob.id, 'nope']) {
      const res = await t.app.inject({ method, url: `/api/users/${id}/${path}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it.each([
    ['GET', 'follow-status'],
    ['POST', 'follow'],
    ['DELETE', 'follow'],
  ] as const)('%s %s: 404 for a malformed id, as for an unknown user', async (method, path) => {
    const malformed = await ann.agent.request({ method, url: `/api/users/nope/${path}` });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ error: 'User not found' });
    const missing = await ann.agent.request({ method, url: `/api/users/${nobody}/${path}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'User not found' });
  });

  it('following oneself is a 400; follow-status of oneself is false', async () => {
    const res = await ann.agent.request({ method: 'POST', url: `/api/users/${ann.id}/follow` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: CANNOT_FOLLOW_SELF });
    expect((await ann.agent.get(`/api/users/${ann.id}/follow-status`)).json()).toEqual({
      isFollowing: false,
    });
  });

  it('follows and unfollows; repeating either is harmless and notifies once', async () => {
    expect((await ann.agent.get(`/api/users/${bob.id}/follow-status`)).json()).toEqual({
      isFollowing: false,
    });
    for (let i = 0; i < 2; i++) {
      const res = await ann.agent.request({ method: 'POST', url: `/api/users/${bob.id}/follow` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isFollowing: true });
    }
    expect((await ann.agent.get(`/api/users/${bob.id}/follow-status`)).json()).toEqual({ isFollowing: true });
    expect(await followers(bob.id)).toBe(1);
    // Bob, not Ann, got exactly one new_follower notification naming Ann.
    const list = (await bob.agent.get('/api/notifications?limit=10')).json().notifications;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'new_follower',
      data: { followerId: ann.id },
      read_at: null,
      message: 'ann started following you',
    });
    expect((await ann.agent.get('/api/notifications')).json().notifications).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await ann.agent.request({ method: 'DELETE', url: `/api/users/${bob.id}/follow` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isFollowing: false });
    }
    expect(await followers(bob.id)).toBe(0);
  });

  it('records a user_followed activity item', async () => {
    const res = await ann.agent.get('/api/activity?scope=mine');
    expect(res.json().activities[0]).toMatchObject({
      type: 'user_followed',
      userId: ann.id,
      userName: 'ann',
      targetId: bob.id,
      targetName: 'bob',
    });
  });

  it('honours newFollowerNotifications = false', async () => {
    const cy = await member(t.app, 'cy@example.com');
    await t.app.db.prisma.userSettings.update({
      where: { userId: cy.id },
      data: { newFollowerNotifications: false },
    });
    await ann.agent.request({ method: 'POST', url: `/api/users/${cy.id}/follow` });
    expect((await cy.agent.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect(await followers(cy.id)).toBe(1);
  });
});
