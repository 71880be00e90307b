import { beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, useProducerAndFan } from '../../../../test/community-fixtures';
import { ANALYTICS_OWNER_ONLY, growthRate } from './analytics.service';

const ctx = useProducerAndFan();

beforeAll(async () => {
  const prisma = ctx.t.app.db.prisma;
  const beat = await insertBeat(ctx.t.app, ctx.producer.id, { playCount: 7, downloadCount: 2 });
  await insertBeat(ctx.t.app, ctx.producer.id, { playCount: 3 });
  const ago = (ms: number) => new Date(Date.now() - ms);
  const day = 24 * 3600_000;
  await prisma.beatPlay.createMany({
    data: [
      { beatId: beat.id, userId: ctx.fan.id, createdAt: ago(60_000) },
      { beatId: beat.id, userId: null, createdAt: ago(30 * 60_000) },
      { beatId: beat.id, userId: ctx.fan.id, createdAt: ago(2 * day) },
      { beatId: beat.id, userId: ctx.fan.id, createdAt: ago(9 * day) },
      { beatId: beat.id, userId: ctx.fan.id, createdAt: ago(10 * day) },
    ],
  });
  await prisma.beatReview.create({ data: { beatId: beat.id, userId: ctx.fan.id, rating: 3 } });
  await prisma.follow.create({ data: { followerId: ctx.fan.id, followedId: ctx.producer.id } });
});

describe('GET /api/users/{id}/analytics', () => {
  it('401 signed out, 404 for a malformed id, 403 for anyone but the owner', async () => {
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.producer.id}/analytics` })).statusCode,
    ).toBe(401);
    const malformed = await ctx.producer.agent.get('/api/users/nope/analytics');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ error: 'User not found' });
    const stranger = await ctx.fan.agent.get(`/api/users/${ctx.producer.id}/analytics`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: ANALYTICS_OWNER_ONLY });
  });

  it("answers the owner's numbers", async () => {
    const res = await ctx.producer.agent.get(`/api/users/${ctx.producer.id}/analytics`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalPlays: 10,
      totalDownloads: 2,
      totalBeats: 2,
      totalFollowers: 1,
      totalRevenue: 0,
      averageRating: 3,
      // 3 plays in the last 7 days against 2 in the 7 before.
      growthRate: 50,
      recentPlays: 2,
      recentDownloads: 0,
      lastUpdated: expect.any(String),
    });
  });
});

describe('growthRate', () => {
  it.each([
    [3, 2, 50],
    [1, 2, -50],
    [0, 0, 0],
    [5, 0, 100],
    [1, 3, -66.7],
  ])('%s against %s is %s %', (current, previous, rate) => {
    expect(growthRate(current, previous)).toBe(rate);
  });
});
