import { beforeAll, describe, expect, it } from 'vitest';
import { createBeat } from '../../../../test/catalogue';
import { member, useProducerAndFan } from '../../../../test/community-fixtures';
import { mp3File } from '../../../../test/media-fixtures';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';
import { PAYOUTS_UNAVAILABLE, salesByDay } from './earnings.service';

const ctx = useProducerAndFan();
let stranger: Awaited<ReturnType<typeof member>>;
let nightDrive: { id: string; priceCents: number };
let sunrise: { id: string; priceCents: number };
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  stranger = await member(ctx.t.app, 'stranger@example.com');
  nightDrive = await insertPricedBeat(ctx.t.app, ctx.producer.id, { title: 'Night Drive', priceCents: 2999 });
  sunrise = await insertPricedBeat(ctx.t.app, ctx.producer.id, { title: 'Sunrise', priceCents: 1000 });
  await buyLocally(ctx.fan.agent, nightDrive, 'basic');
  await buyLocally(ctx.fan.agent, nightDrive, 'premium');
  // The admin's platform fee (no admin screen yet: the setting is written where it lives).
  await ctx.t.app.db.prisma.platformSetting.update({
    where: { key: 'platform_fee_percent' },
    data: { value: 10 },
  });
  await buyLocally(stranger.agent, sunrise, 'basic');
});

describe('GET /api/users/me/earnings', () => {
  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/users/me/earnings' })).statusCode).toBe(401);
  });

  it("the producer's ledger: totals, per beat, the last 30 days, payouts unavailable without Stripe", async () => {
    const res = await ctx.producer.agent.get('/api/users/me/earnings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    // 2999, then the upgrade to Premium for the difference (5998 - 2999) without a fee, then
    // 1000 with 10 % (100) taken by the platform.
    expect(body.totals).toEqual({ sales: 3, gross_cents: 6998, fee_cents: 100, net_cents: 6898 });
    expect(body.per_beat).toEqual([
      { beat_id: nightDrive.id, beat_title: 'Night Drive', sales: 2, gross_cents: 5998, net_cents: 5998 },
      { beat_id: sunrise.id, beat_title: 'Sunrise', sales: 1, gross_cents: 1000, net_cents: 900 },
    ]);
    expect(body.last_30_days).toHaveLength(30);
    expect(body.last_30_days.at(-1)).toEqual({ date: today, sales: 3, net_cents: 6898 });
    expect(body.last_30_days.slice(0, -1).every((d: { sales: number }) => d.sales === 0)).toBe(true);
    // Local test payments move no money: nothing waits for a transfer.
    expect(body.payout).toEqual({ status: 'unavailable', pending_transfer_cents: 0 });
    expect(body.currency).toBe('USD');
  });

  it("shows only the caller's own sales: a buyer has none", async () => {
    const body = (await ctx.fan.agent.get('/api/users/me/earnings')).json();
    expect(body.totals).toEqual({ sales: 0, gross_cents: 0, fee_cents: 0, net_cents: 0 });
    expect(body.per_beat).toEqual([]);
  });

  it("feeds the producer's analytics: totalRevenue, and recentDownloads from real downloads", async () => {
    // A free beat with an MP3 master: delivered as it is, no rendition to wait for.
    const free = {
      id: await createBeat(
        ctx.producer.agent,
        { is_free: true, price_cents: 0 },
        { content: mp3File(), filename: 'beat.mp3' },
      ),
    };
    expect((await ctx.fan.agent.post(`/api/beats/${free.id}/download`)).statusCode).toBe(200);
    expect((await ctx.producer.agent.post(`/api/beats/${free.id}/download`)).statusCode).toBe(200);
    const analytics = (await ctx.producer.agent.get(`/api/users/${ctx.producer.id}/analytics`)).json();
    expect(analytics.totalRevenue).toBe(6998);
    // The producer's own download is not a listener's.
    expect(analytics.recentDownloads).toBe(1);
    expect(analytics.totalDownloads).toBe(1);
  });
});

describe('POST /api/payouts/onboarding', () => {
  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/payouts/onboarding' })).statusCode).toBe(401);
  });

  it('409 without Stripe, and no account is recorded', async () => {
    const res = await ctx.producer.agent.post('/api/payouts/onboarding');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PAYOUTS_UNAVAILABLE });
    expect(await ctx.t.app.db.prisma.payoutAccount.count()).toBe(0);
  });
});

describe('salesByDay', () => {
  it('keeps 30 UTC days, oldest first, and drops older sales', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const days = salesByDay(
      [
        { createdAt: new Date('2026-03-01T00:00:00Z'), netCents: 100 },
        { createdAt: new Date('2026-02-28T23:59:59Z'), netCents: 50 },
        { createdAt: new Date('2026-01-31T12:00:00Z'), netCents: 7 },
        { createdAt: new Date('2026-01-30T23:59:59Z'), netCents: 999 },
      ],
      now,
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-01-31', sales: 1, net_cents: 7 });
    expect(days.at(-2)).toEqual({ date: '2026-02-28', sales: 1, net_cents: 50 });
    expect(days.at(-1)).toEqual({ date: '2026-03-01', sales: 1, net_cents: 100 });
    expect(days.reduce((sum, d) => sum + d.net_cents, 0)).toBe(157);
  });
});
