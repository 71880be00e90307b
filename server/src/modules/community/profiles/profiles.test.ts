import { beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, insertImageUpload, useProducerAndFan } from '../../../../test/community-fixtures';
import { IMAGE_NOT_YOURS } from './profiles.service';

const ctx = useProducerAndFan();

beforeAll(async () => {
  const prisma = ctx.t.app.db.prisma;
  const day = 24 * 3600_000;
  const old = await insertBeat(ctx.t.app, ctx.producer.id, {
    title: 'Old Trap',
    genre: 'Trap',
    playCount: 50,
    downloadCount: 1,
    createdAt: new Date(Date.now() - 3 * day),
  });
  const mid = await insertBeat(ctx.t.app, ctx.producer.id, {
    title: 'Mid Drill',
    genre: 'Drill',
    playCount: 5,
    downloadCount: 9,
    createdAt: new Date(Date.now() - 2 * day),
  });
  await insertBeat(ctx.t.app, ctx.producer.id, {
    title: 'New Trap',
    genre: 'Trap',
    playCount: 10,
    downloadCount: 3,
  });
  await prisma.beatReview.createMany({
    data: [
      { beatId: old.id, userId: ctx.fan.id, rating: 5, review: 'Fire' },
      { beatId: mid.id, userId: ctx.fan.id, rating: 4 },
    ],
  });
  await prisma.beatFavorite.create({ data: { userId: ctx.fan.id, beatId: mid.id } });
  await prisma.follow.create({ data: { followerId: ctx.fan.id, followedId: ctx.producer.id } });
});

describe('GET /api/users/{id}/profile', () => {
  it('answers the profile with counts, rating, genres and recent beats, signed out too', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.producer.id}/profile` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({
      user_id: ctx.producer.id,
      display_name: 'producer',
      verified: false,
      is_admin: false,
      is_owner: false,
      total_plays: 65,
      total_downloads: 13,
      website_url: null,
    });
    expect(body.beats_count).toBe(3);
    expect(body.followers_count).toBe(1);
    expect(body.average_rating).toBe(4.5);
    expect(body.favorite_genres).toEqual([
      { genre: 'Trap', count: 2 },
      { genre: 'Drill', count: 1 },
    ]);
    expect(body.recent_beats.map((b: { title: string }) => b.title)).toEqual([
      'New Trap',
      'Mid Drill',
      'Old Trap',
    ]);
    expect(body.recent_beats[0]).toMatchObject({ user_id: ctx.producer.id, is_free: false, price_cents: 0 });
  });

  it('gives a user without beats or ratings zeros and a null rating', async () => {
    const body = (await ctx.fan.agent.get(`/api/users/${ctx.fan.id}/profile`)).json();
    expect(body).toMatchObject({
      beats_count: 0,
      followers_count: 0,
      average_rating: null,
      favorite_genres: [],
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])(
    '404 Profile not found for %s',
    async (id) => {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/users/${id}/profile` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Profile not found' });
    },
  );
});

describe('PUT /api/profile', () => {
  it('401 when signed out, even with a bad body', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: { website_url: 'nope' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ website_url: 'javascript:alert(1)' }, 'website_url'],
    [{ spotify_url: 'not a url' }, 'spotify_url'],
    [{ twitter_handle: 'has space' }, 'twitter_handle'],
    [{ instagram_handle: 'x'.repeat(31) }, 'instagram_handle'],
    [{ display_name: 'n'.repeat(61) }, 'display_name'],
    [{ bio: 'b'.repeat(501) }, 'bio'],
    [{ user_role: 'astronaut' }, 'user_role'],
  ])('400 for %j', async (payload, field) => {
    const res = await ctx.producer.agent.request({ method: 'PUT', url: '/api/profile', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it("400 for an image key that is not the caller's own image upload", async () => {
    const othersKey = await insertImageUpload(ctx.t.app, ctx.fan.id);
    for (const payload of [{ profile_image_key: othersKey }, { cover_image_key: 'images/made-up.jpg' }]) {
      const res = await ctx.producer.agent.request({ method: 'PUT', url: '/api/profile', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: IMAGE_NOT_YOURS });
    }
  });

  it("updates only the caller's own profile, strips @, and renames the producer on their beats", async () => {
    const avatar = await insertImageUpload(ctx.t.app, ctx.producer.id);
    const res = await ctx.producer.agent.request({
      method: 'PUT',
      url: '/api/profile',
      payload: {
        display_name: '  DJ Test ',
        bio: 'Making beats',
        website_url: 'https://dj.example',
        twitter_handle: '@djtest',
        user_role: 'producer',
        profile_image_key: avatar,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      user_id: ctx.producer.id,
      display_name: 'DJ Test',
      bio: 'Making beats',
      website_url: 'https://dj.example',
      twitter_handle: 'djtest',
      user_role: 'producer',
      profile_image_key: avatar,
    });
    const beats = await ctx.t.app.db.prisma.beat.findMany({ where: { userId: ctx.producer.id } });
    expect(new Set(beats.map((b) => b.producerName))).toEqual(new Set(['DJ Test']));
    // The fan's profile is untouched.
    expect((await ctx.fan.agent.get(`/api/users/${ctx.fan.id}/profile`)).json().profile.bio).toBeNull();
    // The signed-in user (the header's name and picture) follows the profile, after a reload too.
    expect((await ctx.producer.agent.get('/api/users/me')).json()).toMatchObject({
      id: ctx.producer.id,
      name: 'DJ Test',
      picture: `/api/files/${avatar}`,
    });
  });

  it('keeps missing fields and clears blank ones', async () => {
    const res = await ctx.producer.agent.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { bio: '' },
    });
    expect(res.json().profile).toMatchObject({
      bio: null,
      display_name: 'DJ Test',
      website_url: 'https://dj.example',
    });
  });
});

describe('GET /api/users/{id}/beats, /favorites, /reviews', () => {
  it.each([
    ['newest', ['New Trap', 'Mid Drill', 'Old Trap']],
    ['popular', ['Old Trap', 'New Trap', 'Mid Drill']],
    ['downloads', ['Mid Drill', 'New Trap', 'Old Trap']],
  ])('sorts beats by %s', async (sort, titles) => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/users/${ctx.producer.id}/beats?sort=${sort}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((b: { title: string }) => b.title)).toEqual(titles);
  });

  it('400 for an unknown sort; 404 for a malformed id, as for an unknown user', async () => {
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.producer.id}/beats?sort=price` }))
        .statusCode,
    ).toBe(400);
    for (const list of ['beats', 'favorites', 'reviews']) {
      const malformed = await ctx.t.app.inject({ method: 'GET', url: `/api/users/nope/${list}` });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ error: 'User not found' });
      const missing = await ctx.t.app.inject({
        method: 'GET',
        url: `/api/users/00000000-0000-4000-8000-000000000000/${list}`,
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('lists favorites publicly unless the user hides them (the owner still sees them)', async () => {
    const open = await ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.fan.id}/favorites` });
    expect(open.json().map((b: { title: string }) => b.title)).toEqual(['Mid Drill']);
    await ctx.t.app.db.prisma.userSettings.update({
      where: { userId: ctx.fan.id },
      data: { showFavorites: false },
    });
    const stranger = await ctx.producer.agent.get(`/api/users/${ctx.fan.id}/favorites`);
    expect(stranger.json()).toEqual([]);
    const owner = await ctx.fan.agent.get(`/api/users/${ctx.fan.id}/favorites`);
    expect(owner.json()).toHaveLength(1);
  });

  it('lists the reviews the user wrote in the User review shape', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.fan.id}/reviews` });
    expect(res.statusCode).toBe(200);
    const reviews = res.json();
    expect(reviews).toHaveLength(2);
    expect(Object.keys(reviews[0]).sort()).toEqual(
      ['beat_id', 'beat_title', 'cover_image_key', 'created_at', 'id', 'rating', 'review'].sort(),
    );
    expect(reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
  });
});
