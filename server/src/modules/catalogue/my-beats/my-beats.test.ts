import { licencePriceCents } from '@beatroom/shared/format-money';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, member, useProducerAndFan } from '../../../../test/community-fixtures';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';

const ctx = useProducerAndFan();
let stranger: Awaited<ReturnType<typeof member>>;
let nightDrive: { id: string; priceCents: number };
let sunrise: { id: string; priceCents: number };
let demo: { id: string };

beforeAll(async () => {
  const { app } = ctx.t;
  stranger = await member(app, 'stranger@example.com');
  nightDrive = await insertPricedBeat(app, ctx.producer.id, { title: 'Night Drive', priceCents: 2999 });
  sunrise = await insertPricedBeat(app, ctx.producer.id, { title: 'Sunrise', priceCents: 1000 });
  demo = await insertBeat(app, ctx.producer.id, { title: 'Demo', playCount: 40, downloadCount: 3 });
  await app.db.prisma.beat.update({
    where: { id: nightDrive.id },
    data: { previewStatus: 'ready', playCount: 12 },
  });
  await app.db.prisma.beat.update({ where: { id: demo.id }, data: { previewStatus: 'failed' } });
  await buyLocally(ctx.fan.agent, nightDrive, 'basic');
  await buyLocally(ctx.fan.agent, nightDrive, 'premium');
  await buyLocally(stranger.agent, sunrise, 'exclusive');
  // A week's feature running now on Night Drive, and one that already ended on Sunrise.
  const day = 86_400_000;
  await app.db.prisma.promotion.createMany({
    data: [
      {
        beatId: nightDrive.id,
        userId: ctx.producer.id,
        type: 'featured_week',
        status: 'paid',
        paymentMethod: 'credits',
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + 6 * day),
      },
      {
        beatId: sunrise.id,
        userId: ctx.producer.id,
        type: 'homepage_boost',
        status: 'paid',
        paymentMethod: 'credits',
        startsAt: new Date(Date.now() - 10 * day),
        endsAt: new Date(Date.now() - 7 * day),
      },
    ],
  });
  // Someone else's beat: never listed to the producer.
  await insertPricedBeat(app, stranger.id, { title: 'Not Mine' });
});

describe('GET /api/me/beats', () => {
  it('401 signed out', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/me/beats' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });

  it.each(['sort=price', 'order=up', 'sort=plays&order=sideways', 'user_id=x'])(
    '400 for %s',
    async (query) => {
      const res = await ctx.producer.agent.get(`/api/me/beats?${query}`);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    },
  );

  it("the producer's own beats with status, plays, downloads, sales, revenue and promotion, and the totals", async () => {
    const res = await ctx.producer.agent.get('/api/me/beats');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    // Newest first by default.
    expect(body.beats.map((b: { title: string }) => b.title)).toEqual(['Demo', 'Sunrise', 'Night Drive']);
    const byTitle = Object.fromEntries(body.beats.map((b: { title: string }) => [b.title, b]));
    expect(byTitle['Night Drive']).toMatchObject({
      status: 'live',
      plays: 12,
      sales: 2,
      // Basic, then the upgrade to Premium for the difference: Premium's price in all.
      revenue_cents: licencePriceCents(2999, 'premium'),
      promotion: { type: 'featured_week' },
    });
    expect(byTitle.Sunrise).toMatchObject({
      status: 'sold_exclusive',
      sales: 1,
      revenue_cents: licencePriceCents(1000, 'exclusive'),
      // The boost ended a week ago.
      promotion: null,
    });
    expect(byTitle.Demo).toMatchObject({
      status: 'failed',
      plays: 40,
      downloads: 3,
      sales: 0,
      revenue_cents: 0,
    });
    expect(body.totals).toEqual({
      beats: 3,
      plays: 52,
      downloads: 3,
      sales: 3,
      revenue_cents: licencePriceCents(2999, 'premium') + licencePriceCents(1000, 'exclusive'),
      promoted: 1,
    });
  });

  it('sorts by the chosen column, both ways', async () => {
    const titles = async (query: string) =>
      ((await ctx.producer.agent.get(`/api/me/beats?${query}`)).json().beats as { title: string }[]).map(
        (b) => b.title,
      );
    expect(await titles('sort=plays')).toEqual(['Demo', 'Night Drive', 'Sunrise']);
    expect(await titles('sort=plays&order=asc')).toEqual(['Sunrise', 'Night Drive', 'Demo']);
    expect(await titles('sort=title&order=asc')).toEqual(['Demo', 'Night Drive', 'Sunrise']);
    expect(await titles('sort=sales')).toEqual(['Night Drive', 'Sunrise', 'Demo']);
  });

  it('someone without beats sees an empty table; nobody sees another producer’s beats', async () => {
    const body = (await ctx.fan.agent.get('/api/me/beats')).json();
    expect(body.beats).toEqual([]);
    expect(body.totals).toMatchObject({ beats: 0, sales: 0, revenue_cents: 0 });
    const theirs = (await stranger.agent.get('/api/me/beats')).json();
    expect(theirs.beats.map((b: { title: string }) => b.title)).toEqual(['Not Mine']);
  });
});
