import { ProducerTierListResponse, SUBSCRIPTION_ERRORS } from '@beatroom/shared/subscriptions-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import type { Agent } from '../../../../test/helpers';
import { useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';

const ctx = useProducerAndBuyers();
// Every test here moves money: the ledger's invariants hold after each.
afterEach(async () => expectLedgerInvariants(ctx.t.app));
const prisma = () => ctx.t.app.db.prisma;
const DAY = 24 * 60 * 60 * 1000;

async function tiers() {
  const res = await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' });
  expect(res.statusCode).toBe(200);
  return ProducerTierListResponse.parse(res.json());
}
const tierNamed = async (name: string) => (await tiers()).find((t) => t.name === name)!;

/** Subscribes through the local test checkout, as a browser does: subscribe, then Pay. */
async function subscribeLocally(agent: Agent, tierName: string) {
  const tier = await tierNamed(tierName);
  const res = await agent.post('/api/user/subscribe', { tier_id: tier.id });
  expect(res.statusCode).toBe(200);
  const { checkout_url } = res.json() as { checkout_url: string };
  expect(checkout_url).toMatch(/\/checkout\/local\/account\/[0-9a-f-]{36}$/);
  const paid = await agent.post(`/api/checkout/local/account/${checkout_url.split('/').pop()}/pay`);
  expect(paid.json()).toMatchObject({ kind: 'subscription', status: 'paid' });
  return tier;
}

async function subscription(agent: Agent) {
  const res = await agent.get('/api/user/subscription');
  expect(res.statusCode).toBe(200);
  return res.json().subscription;
}

const credits = async (agent: Agent) => (await agent.get('/api/user/credits')).json().credits;

describe('GET /api/producer-tiers', () => {
  it('lists the seeded tiers with every field, public, cheapest first', async () => {
    const list = await tiers();
    expect(list.map((t) => [t.name, t.price_cents, t.billing_period])).toEqual([
      ['Free', 0, 'monthly'],
      ['Pro', 999, 'monthly'],
      ['Pro Annual', 9990, 'yearly'],
    ]);
    expect(list[0]).toMatchObject({
      max_beats: null,
      included_credits: 0,
      promotion_discount_percent: 0,
      analytics_access: false,
      custom_profile_badge: null,
    });
    expect(list[1]).toMatchObject({
      included_credits: 500,
      promotion_discount_percent: 20,
      featured_slots_per_month: 2,
      homepage_priority_boost: 2,
      custom_profile_badge: 'PRO',
      analytics_access: true,
      priority_support: true,
    });
  });
});

describe('subscriptions on the local provider', () => {
  it('GET /api/user/subscription: 401 signed out; null without a subscription', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/user/subscription' })).statusCode).toBe(401);
    expect(await subscription(ctx.bob.agent)).toBeNull();
    expect((await ctx.t.app.subscriptions.activeTier(ctx.bob.id)).name).toBe('Free');
  });

  it('POST /api/user/subscribe: 401 signed out; 400 bad body or Free tier; 404 unknown tier; nothing opened', async () => {
    const pro = await tierNamed('Pro');
    const free = await tierNamed('Free');
    const before = await prisma().subscription.count();
    const anon = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/user/subscribe',
      payload: { tier_id: pro.id },
    });
    expect(anon.statusCode).toBe(401);
    for (const body of [{}, { tier_id: '' }, { tier_id: pro.id, payment_method: 'saved' }, { tier_id: 7 }]) {
      expect((await ctx.bob.agent.post('/api/user/subscribe', body)).statusCode).toBe(400);
    }
    const freeRes = await ctx.bob.agent.post('/api/user/subscribe', { tier_id: free.id });
    expect(freeRes.statusCode).toBe(400);
    expect(freeRes.json()).toEqual({ error: SUBSCRIPTION_ERRORS.FREE_TIER });
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await ctx.bob.agent.post('/api/user/subscribe', { tier_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SUBSCRIPTION_ERRORS.TIER_NOT_FOUND });
    }
    expect(await prisma().subscription.count()).toBe(before);
  });

  it('subscribing starts a paid period: credits granted once, one invoice, Pro powers; 409 for the same tier', async () => {
    const pro = await subscribeLocally(ctx.ann.agent, 'Pro');
    const sub = await subscription(ctx.ann.agent);
    expect(sub).toMatchObject({
      tier_id: pro.id,
      name: 'Pro',
      tier_name: 'Pro',
      price_cents: 999,
      billing_period: 'monthly',
      status: 'active',
      cancel_at_period_end: false,
      included_credits: 500,
      promotion_discount_percent: 20,
      analytics_access: true,
      scheduled_tier_id: null,
    });
    const start = new Date(sub.current_period_start);
    const end = new Date(sub.current_period_end);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    expect(await credits(ctx.ann.agent)).toMatchObject({ credits_available: 500, credits_total_earned: 500 });
    expect(
      await prisma().invoice.findMany({ where: { userId: ctx.ann.id, transactionType: 'subscription' } }),
    ).toMatchObject([
      { totalCents: 999, items: [{ name: 'Pro subscription (monthly)', quantity: 1, price: 999 }] },
    ]);
    expect((await ctx.t.app.subscriptions.activeTier(ctx.ann.id)).name).toBe('Pro');

    const again = await ctx.ann.agent.post('/api/user/subscribe', { tier_id: pro.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SUBSCRIPTION_ERRORS.ALREADY_SUBSCRIBED });
  });

  it('a renewal (clock moved past the period end) grants the credits once and invoices the period once', async () => {
    const user = await member(ctx.t.app, 'renewer@example.com');
    await subscribeLocally(user.agent, 'Pro');
    const first = await subscription(user.agent);
    const later = new Date(new Date(first.current_period_end).getTime() + 1000);

    const renew = (at: Date) => ctx.t.app.subscriptions.renewDue(at, first.id);
    expect(await renew(new Date(later.getTime() - 2000))).toBe(0);
    // The job and a redelivery of it at once: one renewal.
    const renewed = await Promise.all([1, 2, 3].map(() => renew(later)));
    expect(renewed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await renew(later)).toBe(0);

    const second = await subscription(user.agent);
    expect(second.current_period_start).toBe(first.current_period_end);
    expect(new Date(second.current_period_end).getTime()).toBeGreaterThan(later.getTime());
    expect(await credits(user.agent)).toMatchObject({ credits_available: 1000, credits_total_earned: 1000 });
    expect(
      await prisma().invoice.count({ where: { userId: user.id, transactionType: 'subscription' } }),
    ).toBe(2);
    expect(await prisma().subscriptionPeriod.count({ where: { subscription: { userId: user.id } } })).toBe(2);
  });

  it('a change of tier starts at the end of the period; the renewal switches it and grants the new tier', async () => {
    const user = await member(ctx.t.app, 'upgrader@example.com');
    await subscribeLocally(user.agent, 'Pro');
    const annual = await tierNamed('Pro Annual');
    const res = await user.agent.post('/api/user/subscribe', { tier_id: annual.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      paid: true,
      subscription: { tier_name: 'Pro', scheduled_tier_id: annual.id, scheduled_tier_name: 'Pro Annual' },
    });
    // Asking for it again is the same tier: 409, nothing changes.
    expect((await user.agent.post('/api/user/subscribe', { tier_id: annual.id })).statusCode).toBe(409);
    expect((await ctx.t.app.subscriptions.activeTier(user.id)).name).toBe('Pro');

    const end = new Date((await subscription(user.agent)).current_period_end);
    await ctx.t.app.subscriptions.renewDue(new Date(end.getTime() + 1000));
    const switched = await subscription(user.agent);
    expect(switched).toMatchObject({
      tier_name: 'Pro Annual',
      billing_period: 'yearly',
      scheduled_tier_id: null,
    });
    expect(new Date(switched.current_period_end).getTime() - end.getTime()).toBeGreaterThanOrEqual(365 * DAY);
    expect(await credits(user.agent)).toMatchObject({ credits_available: 6500, credits_total_earned: 6500 });
  });

  it('cancel: 401 signed out; 409 without a subscription or when already cancelling; access lasts to the end', async () => {
    const user = await member(ctx.t.app, 'leaver@example.com');
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/user/subscription/cancel' })).statusCode,
    ).toBe(401);
    const none = await user.agent.post('/api/user/subscription/cancel');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: SUBSCRIPTION_ERRORS.NO_SUBSCRIPTION });

    await subscribeLocally(user.agent, 'Pro');
    const res = await user.agent.post('/api/user/subscription/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const twice = await user.agent.post('/api/user/subscription/cancel');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: SUBSCRIPTION_ERRORS.NOT_CANCELLABLE });
    expect((await ctx.t.app.subscriptions.activeTier(user.id)).name).toBe('Pro');

    const end = new Date((await subscription(user.agent)).current_period_end);
    await ctx.t.app.subscriptions.renewDue(new Date(end.getTime() + 1000));
    expect(await subscription(user.agent)).toBeNull();
    expect((await ctx.t.app.subscriptions.activeTier(user.id)).name).toBe('Free');
    // The period that was paid granted its credits; the one that never came grants none.
    expect((await credits(user.agent)).credits_total_earned).toBe(500);
    expect((await user.agent.post('/api/user/subscription/cancel')).statusCode).toBe(409);
  });

  it('an abandoned checkout leaves no subscription; a cancelled one ends its incomplete subscription', async () => {
    const user = await member(ctx.t.app, 'undecided@example.com');
    const pro = await tierNamed('Pro');
    const res = await user.agent.post('/api/user/subscribe', { tier_id: pro.id });
    const id = (res.json().checkout_url as string).split('/').pop()!;
    expect(await subscription(user.agent)).toBeNull();
    await user.agent.post(`/api/checkout/local/account/${id}/cancel`);
    expect(await prisma().subscription.findMany({ where: { userId: user.id } })).toMatchObject([
      { status: 'ended' },
    ]);
    expect(await credits(user.agent)).toMatchObject({ credits_available: 0 });
  });

  it('removeAll deletes the user\u2019s subscriptions (account deletion)', async () => {
    const user = await member(ctx.t.app, 'gone@example.com');
    await subscribeLocally(user.agent, 'Pro');
    await prisma().$transaction((tx) => ctx.t.app.subscriptions.removeAll(tx, user.id));
    expect(await prisma().subscription.count({ where: { userId: user.id } })).toBe(0);
    expect(await subscription(user.agent)).toBeNull();
  });
});
