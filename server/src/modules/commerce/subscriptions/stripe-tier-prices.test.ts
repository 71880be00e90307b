import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook } from '../../../../test/fake-stripe';
import { useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';
import { REPRICE_TIER } from './subscriptions.plugin';

// An admin's change of a tier price with Stripe billing: new Checkouts charge the new
// price, and a running Stripe subscription moves to it for its next renewal without proration.
const ctx = useProducerAndBuyersOnStripe();
const deliver = (type: string, object: Record<string, unknown> & { id: string }) =>
  deliverWebhook(ctx.t.app, ctx.fake.event(type, object));

async function proTierId() {
  const list = (await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json();
  return (list as { id: string; name: string }[]).find((t) => t.name === 'Pro')!.id;
}

describe('a tier price changed in the admin settings, billed by Stripe', () => {
  it('later Checkouts charge it; a running subscription renews at it, its paid period untouched', async () => {
    const owner = await member(ctx.t.app, ctx.t.config.adminEmail);
    const opened = await ctx.ann.agent.post('/api/user/subscribe', { tier_id: await proTierId() });
    const { session, subscription: sub } = ctx.fake.paySubscription(
      (opened.json().checkout_url as string).split('/').pop()!,
    );
    expect(session.amount_total).toBe(999);
    await deliver('checkout.session.completed', session);
    const invoicesBefore = ctx.fake.invoices.size;

    const change = await owner.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/tier_price_pro_cents',
      payload: { value: 1499 },
    });
    expect(change.statusCode).toBe(200);
    await ctx.t.app.jobs.drained(REPRICE_TIER, { timeoutMs: 20_000 });

    const reprice = ctx.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`,
    );
    expect(reprice).toHaveLength(1);
    expect(reprice[0]!.params).toMatchObject({
      proration_behavior: 'none',
      items: [{ price_data: { unit_amount: '1499', recurring: { interval: 'month' } } }],
    });
    // Nothing is charged now: the paid month keeps its price.
    expect(ctx.fake.invoices.size).toBe(invoicesBefore);

    const renewal = ctx.fake.renewSubscription(sub.id);
    expect(renewal.invoice.amount_paid).toBe(1499);
    await deliver('invoice.paid', renewal.invoice);
    const periods = await ctx.t.app.db.prisma.subscriptionPeriod.findMany({
      where: { subscription: { userId: ctx.ann.id } },
      orderBy: { periodStart: 'asc' },
    });
    expect(periods.map((p) => p.amountCents)).toEqual([999, 1499]);
    // Its Stripe events find the price in step: no further update.
    await deliver('customer.subscription.updated', ctx.fake.subscriptions.get(sub.id)!);
    expect(
      ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`),
    ).toHaveLength(1);

    // A Checkout opened after the change charges the new price.
    const later = await ctx.bob.agent.post('/api/user/subscribe', { tier_id: await proTierId() });
    const laterSession = ctx.fake.sessions.get((later.json().checkout_url as string).split('/').pop()!)!;
    expect(laterSession.amount_total).toBe(1499);
  });

  it('a Checkout opened before the change and paid after it renews at the new price', async () => {
    const owner = await member(ctx.t.app, ctx.t.config.adminEmail);
    const user = await member(ctx.t.app, 'stripe-late-payer@example.com');
    const opened = await user.agent.post('/api/user/subscribe', { tier_id: await proTierId() });
    await owner.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/tier_price_pro_cents',
      payload: { value: 1799 },
    });
    await ctx.t.app.jobs.drained(REPRICE_TIER, { timeoutMs: 20_000 });
    const { session, subscription: sub } = ctx.fake.paySubscription(
      (opened.json().checkout_url as string).split('/').pop()!,
    );
    // It was opened at the old price, and that is what its first month cost.
    expect(session.amount_total).toBe(1499);
    await deliver('checkout.session.completed', session);
    expect(ctx.fake.renewSubscription(sub.id).invoice.amount_paid).toBe(1799);
  });
});
