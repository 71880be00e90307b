import { PROFILE_RESTRICTED_MESSAGES, type ProfileVisibility } from '@beatroom/shared/settings-constants';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@beatroom/shared/settings-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import {
  eventually,
  insertBeat,
  isNotification,
  member,
  TestSocket,
} from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Member = Awaited<ReturnType<typeof member>>;
let ann: Member;
let bob: Member;
let fan: Member;
let stranger: Member;

const changed: UserSettings = {
  autoPlay: false,
  defaultVolume: 40,
  audioQuality: 'lossless',
  downloadFormat: 'wav',
  downloadQuality: 'hi-res',
  autoDownload: true,
  emailNotifications: false,
  newFollowerNotifications: false,
  newBeatNotifications: false,
  reviewNotifications: false,
  promotionalEmails: true,
  receiptEmails: false,
  saleEmails: false,
  supportReplyEmails: false,
  refundEmails: false,
  profileVisibility: 'followers',
  showPlayHistory: false,
  showFavorites: false,
  showFollowing: false,
  theme: 'light',
  language: 'de',
  timezone: 'Europe/Berlin',
  preferredCurrency: 'EUR',
};

const put = (who: Member, payload: unknown) =>
  who.agent.request({ method: 'PUT', url: '/api/user-settings', payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  fan = await member(t.app, 'fan@example.com');
  stranger = await member(t.app, 'stranger@example.com');
});
afterAll(async () => t?.close());

describe('GET /api/user-settings', () => {
  it('401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user-settings' });
    expect(res.statusCode).toBe(401);
  });

  it('answers every field with its default, also for a user without a settings row', async () => {
    expect((await ann.agent.get('/api/user-settings')).json()).toEqual(DEFAULT_USER_SETTINGS);
    await t.app.db.prisma.userSettings.delete({ where: { userId: ann.id } });
    const res = await ann.agent.get('/api/user-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_USER_SETTINGS);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('PUT /api/user-settings', () => {
  it('401 signed out, whatever the body, and nothing is stored', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user-settings', payload: changed });
    expect(res.statusCode).toBe(401);
    expect(await t.app.db.prisma.userSettings.count({ where: { preferredCurrency: 'EUR' } })).toBe(0);
  });

  it.each([
    ['a missing field', { ...changed, theme: undefined }, 'theme'],
    ['a value outside its choices', { ...changed, downloadFormat: 'ogg' }, 'downloadFormat'],
    ['a volume above 100', { ...changed, defaultVolume: 101 }, 'defaultVolume'],
    ['a fractional volume', { ...changed, defaultVolume: 40.5 }, 'defaultVolume'],
    ['a wrong type', { ...changed, autoPlay: 'yes' }, 'autoPlay'],
    ['an empty timezone', { ...changed, timezone: '' }, 'timezone'],
    ['an unknown key', { ...changed, darkMode: true }, 'darkMode'],
  ])('400 naming the field for %s; nothing is saved', async (_case, payload, field) => {
    const res = await put(bob, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
    expect((await bob.agent.get('/api/user-settings')).json()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('stores the whole object for the caller only and answers it', async () => {
    const res = await put(bob, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(changed);
    expect((await bob.agent.get('/api/user-settings')).json()).toEqual(changed);
    // Nobody else's settings change (the route has no user id to get wrong).
    expect((await fan.agent.get('/api/user-settings')).json()).toEqual(DEFAULT_USER_SETTINGS);

    const back = await put(bob, { ...DEFAULT_USER_SETTINGS, timezone: null });
    expect(back.json()).toEqual(DEFAULT_USER_SETTINGS);
  });
});

describe('profile privacy', () => {
  let ownerId = '';
  const profileOf = (who: Member | null, path = 'profile') =>
    who
      ? who.agent.get(`/api/users/${ownerId}/${path}`)
      : t.app.inject({ method: 'GET', url: `/api/users/${ownerId}/${path}` });
  const setVisibility = (profileVisibility: ProfileVisibility, extra: Partial<UserSettings> = {}) =>
    put(ann, { ...DEFAULT_USER_SETTINGS, profileVisibility, ...extra });

  beforeAll(async () => {
    ownerId = ann.id;
    const beat = await insertBeat(t.app, ann.id, { title: 'Open Air', playCount: 7 });
    await ann.agent.post(`/api/beats/${beat.id}/favorite`);
    await fan.agent.post(`/api/users/${ann.id}/follow`);
  });

  it('public: everyone sees the stats and the lists', async () => {
    await setVisibility('public');
    for (const who of [null, stranger, fan, ann]) {
      const profile = (await profileOf(who)).json();
      expect(profile.restricted).toBeNull();
      expect(profile.profile.total_plays).toBe(7);
      expect(profile.recent_beats).toHaveLength(1);
      expect((await profileOf(who, 'favorites')).json()).toHaveLength(1);
      expect((await profileOf(who, 'beats')).statusCode).toBe(200);
    }
  });

  it('followers: followers and the owner see everything, others the header and a 403 on the lists', async () => {
    await setVisibility('followers');
    for (const who of [fan, ann]) {
      const profile = (await profileOf(who)).json();
      expect(profile.restricted).toBeNull();
      expect(profile.followers_count).toBe(1);
      expect((await profileOf(who, 'favorites')).json()).toHaveLength(1);
    }
    for (const who of [null, stranger]) {
      const res = await profileOf(who);
      expect(res.statusCode).toBe(200);
      const profile = res.json();
      expect(profile.restricted).toBe('followers');
      expect(profile.profile.user_id).toBe(ann.id);
      expect(profile.profile.display_name).toBeTruthy();
      expect(profile).toMatchObject({
        beats_count: 0,
        followers_count: 0,
        average_rating: null,
        favorite_genres: [],
        recent_beats: [],
      });
      expect(profile.profile.total_plays).toBe(0);
      for (const list of ['favorites', 'beats', 'reviews']) {
        const denied = await profileOf(who, list);
        expect(denied.statusCode).toBe(403);
        expect(denied.json()).toEqual({ error: PROFILE_RESTRICTED_MESSAGES.followers });
      }
    }
  });

  it('private: only the owner sees the lists and stats, followers too get the header only', async () => {
    await setVisibility('private');
    expect((await profileOf(ann)).json().restricted).toBeNull();
    expect((await profileOf(ann, 'favorites')).json()).toHaveLength(1);
    for (const who of [null, stranger, fan]) {
      expect((await profileOf(who)).json().restricted).toBe('private');
      const denied = await profileOf(who, 'favorites');
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ error: PROFILE_RESTRICTED_MESSAGES.private });
    }
  });

  it('showFavorites off: others get an empty list, the owner still sees it', async () => {
    await setVisibility('public', { showFavorites: false });
    for (const who of [null, stranger, fan]) {
      expect((await profileOf(who, 'favorites')).json()).toEqual([]);
    }
    expect((await profileOf(ann, 'favorites')).json()).toHaveLength(1);
  });

  it('an unknown user is 404 whatever the settings', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/favorites',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('activity feed privacy', () => {
  const feedOf = async (who: Member, scope = 'global') =>
    (await who.agent.get(`/api/activity?scope=${scope}`)).json().activities as {
      type: string;
      userId: string;
      targetId: string;
    }[];
  type Item = Awaited<ReturnType<typeof feedOf>>[number];
  const follows = (items: Item[], userId: string, targetId: string) =>
    items.filter((i) => i.type === 'user_followed' && i.userId === userId && i.targetId === targetId);

  it('showFollowing off hides whom the user follows from others, not from the user', async () => {
    await put(bob, { ...DEFAULT_USER_SETTINGS, showFollowing: false });
    await bob.agent.post(`/api/users/${stranger.id}/follow`);
    await eventually(async () =>
      expect(follows(await feedOf(bob, 'mine'), bob.id, stranger.id)).toHaveLength(1),
    );
    expect(follows(await feedOf(stranger), bob.id, stranger.id)).toEqual([]);
    expect(follows(await feedOf(bob), bob.id, stranger.id)).toHaveLength(1);

    await put(bob, DEFAULT_USER_SETTINGS);
    expect(follows(await feedOf(stranger), bob.id, stranger.id)).toHaveLength(1);
  });

  it("a private profile's items stay out of others' feeds; followers-only ones reach followers", async () => {
    await put(fan, { ...DEFAULT_USER_SETTINGS, profileVisibility: 'private' });
    await fan.agent.post(`/api/users/${bob.id}/follow`);
    await eventually(async () => expect(follows(await feedOf(fan, 'mine'), fan.id, bob.id)).toHaveLength(1));
    expect(follows(await feedOf(stranger), fan.id, bob.id)).toEqual([]);

    await put(fan, { ...DEFAULT_USER_SETTINGS, profileVisibility: 'followers' });
    expect(follows(await feedOf(stranger), fan.id, bob.id)).toEqual([]);
    await stranger.agent.post(`/api/users/${fan.id}/follow`);
    expect(follows(await feedOf(stranger), fan.id, bob.id)).toHaveLength(1);
  });
});

describe('activity broadcast privacy', () => {
  it("sends every socket only items everyone may see; a private user's stay out", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const quiet = await member(t.app, 'quiet@example.com');
    await put(quiet, { ...DEFAULT_USER_SETTINGS, profileVisibility: 'private' });
    await put(ann, DEFAULT_USER_SETTINGS);

    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws`, {
      cookie: `beatroom_session=${stranger.token}`,
      origin: 'http://localhost:3000',
    });
    await socket.next(isNotification('unread_count_updated'));
    const emit = t.app.domainEvents.emit;
    const hidden = await insertBeat(t.app, quiet.id, { title: 'Hidden' });
    await emit({ type: 'beat.created', beatId: hidden.id, userId: quiet.id, title: 'Hidden' });
    const open = await insertBeat(t.app, ann.id, { title: 'Loud' });
    await emit({ type: 'beat.created', beatId: open.id, userId: ann.id, title: 'Loud' });

    // Broadcasts go out in order: once the later public item is here, the private one would be too.
    const named = (title: string) => (m: ServerMessage) =>
      m.type === 'activity' && m.data.type === 'new_activity' && m.data.activity.targetName === title;
    await socket.next(named('Loud'));
    expect(socket.messages.some(named('Hidden'))).toBe(false);
    // The owner still finds it in their own tab.
    const mine = (await quiet.agent.get('/api/activity?scope=mine')).json().activities;
    expect(mine.map((a: { targetName: string }) => a.targetName)).toContain('Hidden');
    socket.close();
  });
});
