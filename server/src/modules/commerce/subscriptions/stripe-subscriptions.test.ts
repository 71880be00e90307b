import { afterEach, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook } from '../../../../test/fake-stripe';
import type { Agent } from '../../../../test/helpers';
import { useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';

const ctx = useProducerAndBuyersOnStripe();
// Every test here moves money: the ledger's invariants hold after each.
afterEach(async () => expectLedgerInvariants(ctx.t.app));
const prisma = () => ctx.t.app.db.prisma;

const credits = async (agent: Agent) => (await agent.get('/api/user/credits')).json().credits;
const subscription = async (agent: Agent) => (await agent.get('/api/user/subscription')).json().subscription;
async function tierNamed(name: string) {
  const list = (await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json();
  return (list as { id: string; name: string }[]).find((t) => t.name === name)!;
}
const deliver = (type: string, object: Record<string, unknown> & { id: string }) =>
  deliverWebhook(ctx.t.app, ctx.fake.event(type, object));

/** Subscribes through Stripe Checkout in subscription mode; answers the fake's session id. */
async function openSubscriptionCheckout(agent: Agent, tierName: string) {
  const tier = await tierNamed(tierName);
  const res = await agent.post('/api/user/subscribe', { tier_id: tier.id });
  expect(res.statusCode).toBe(200);
  const sessionId = (res.json().checkout_url as string).split('/').pop()!;
  return { tier, sessionId };
}

describe('account payments through Stripe', () => {
  it('a credits pack paid on Stripe Checkout is credited once however often and in whatever order Stripe reports it', async () => {
    const res = await ctx.ann.agent.post('/api/user/credits/purchase', { credits_amount: 1000 });
    expect(res.statusCode).toBe(200);
    const sessionId = (res.json().checkout_url as string).split('/').pop()!;
    const session = ctx.fake.sessions.get(sessionId)!;
    const paymentId = (session.metadata as { account_payment_id: string }).account_payment_id;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 850,
      metadata: { kind: 'credits', account_payment_id: paymentId },
      payment_intent_data: { metadata: { kind: 'credits', account_payment_id: paymentId } },
    });
    expect(session.success_url).toBe('http://localhost:3000/settings?section=credits&checkout=success');

    const { session: paid, paymentIntent } = ctx.fake.pay(sessionId);
    const completed = ctx.fake.event('checkout.session.completed', paid);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliverWebhook(ctx.t.app, completed)),
      deliver('payment_intent.succeeded', paymentIntent),
      deliver('checkout.session.completed', paid),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    // Stripe's late expiry of a paid session changes nothing.
    await deliver('checkout.session.expired', { ...paid, status: 'expired' });

    expect(await credits(ctx.ann.agent)).toMatchObject({
      credits_available: 1150,
      credits_total_purchased: 1150,
    });
    expect(await prisma().accountPayment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      providerPaymentId: paymentIntent.id,
    });
    expect(await prisma().invoice.count({ where: { sourceKey: `account-payment:${paymentId}` } })).toBe(1);
    // No beat order was touched by these events.
    expect(await prisma().order.count()).toBe(0);
  });

  it('an expired Checkout closes its account payment', async () => {
    const res = await ctx.bob.agent.post('/api/user/credits/purchase', { credits_amount: 100 });
    const sessionId = (res.json().checkout_url as string).split('/').pop()!;
    const session = ctx.fake.sessions.get(sessionId)!;
    await deliver('checkout.session.expired', { ...session, status: 'expired' });
    const id = (session.metadata as { account_payment_id: string }).account_payment_id;
    expect((await prisma().accountPayment.findUniqueOrThrow({ where: { id } })).status).toBe('expired');
  });
});

describe('subscriptions through Stripe', () => {
  it('Checkout in subscription mode; first period, renewal, failure and end from webhooks, each once', async () => {
    const { tier, sessionId } = await openSubscriptionCheckout(ctx.ann.agent, 'Pro');
    const session = ctx.fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 999,
      metadata: { kind: 'subscription' },
      subscription_data: { metadata: { kind: 'subscription', tier_id: tier.id } },
    });
    expect(ctx.fake.requests.filter((r) => r.path === '/v1/products')).toHaveLength(1);
    expect(await subscription(ctx.ann.agent)).toBeNull();

    // Stripe's events arrive in any order, some twice.
    const { session: paid, subscription: sub, invoice } = ctx.fake.paySubscription(sessionId);
    for (const [type, object] of [
      ['invoice.paid', invoice],
      ['checkout.session.completed', paid],
      ['invoice.paid', invoice],
      ['checkout.session.completed', paid],
      ['customer.subscription.updated', sub],
    ] as const) {
      expect((await deliver(type, object)).statusCode).toBe(200);
    }
    const current = await subscription(ctx.ann.agent);
    expect(current).toMatchObject({ tier_name: 'Pro', status: 'active', cancel_at_period_end: false });
    expect((await credits(ctx.ann.agent)).credits_total_earned).toBe(500);
    expect(
      await prisma().invoice.count({ where: { userId: ctx.ann.id, transactionType: 'subscription' } }),
    ).toBe(1);
    expect((await ctx.t.app.subscriptions.activeTier(ctx.ann.id)).name).toBe('Pro');

    // The next month: invoice.paid, redelivered, grants once more.
    const renewal = ctx.fake.renewSubscription(sub.id);
    await deliver('invoice.paid', renewal.invoice);
    await deliver('invoice.paid', renewal.invoice);
    expect((await credits(ctx.ann.agent)).credits_total_earned).toBe(1000);
    expect((await subscription(ctx.ann.agent)).current_period_start).not.toBe(current.current_period_start);

    // A failed renewal: past_due, the tier's powers stay while Stripe retries.
    const failed = ctx.fake.renewSubscription(sub.id, 'failed');
    await deliver('invoice.payment_failed', failed.invoice);
    expect(await subscription(ctx.ann.agent)).toMatchObject({ status: 'past_due' });
    expect((await ctx.t.app.subscriptions.activeTier(ctx.ann.id)).name).toBe('Pro');
    expect((await credits(ctx.ann.agent)).credits_total_earned).toBe(1000);

    // Stripe gives up: the subscription ends.
    ctx.fake.subscriptions.get(sub.id)!.status = 'canceled';
    await deliver('customer.subscription.deleted', ctx.fake.subscriptions.get(sub.id)!);
    expect(await subscription(ctx.ann.agent)).toBeNull();
    expect((await ctx.t.app.subscriptions.activeTier(ctx.ann.id)).name).toBe('Free');
  });

  it('a change of tier is prorated by Stripe at once; cancel sets cancel_at_period_end there', async () => {
    const user = await member(ctx.t.app, 'stripe-upgrader@example.com');
    const { sessionId } = await openSubscriptionCheckout(user.agent, 'Pro');
    const { session, subscription: sub } = ctx.fake.paySubscription(sessionId);
    await deliver('checkout.session.completed', session);
    expect((await credits(user.agent)).credits_total_earned).toBe(500);

    const annual = await tierNamed('Pro Annual');
    const res = await user.agent.post('/api/user/subscribe', { tier_id: annual.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      paid: true,
      subscription: { tier_name: 'Pro Annual', scheduled_tier_id: null },
    });
    const update = ctx.fake.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`,
    );
    expect(update?.params).toMatchObject({
      proration_behavior: 'always_invoice',
      items: [{ price_data: { unit_amount: '9990', recurring: { interval: 'year' } } }],
    });
    // The prorated invoice of the new yearly period grants the new tier's credits, once.
    const prorated = ctx.fake.invoices.get(String(ctx.fake.subscriptions.get(sub.id)!.latest_invoice))!;
    await deliver('invoice.paid', prorated);
    await deliver('invoice.paid', prorated);
    expect((await credits(user.agent)).credits_total_earned).toBe(6500);
    expect((await user.agent.post('/api/user/subscribe', { tier_id: annual.id })).statusCode).toBe(409);

    const cancel = await user.agent.post('/api/user/subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(ctx.fake.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(true);
    await deliver('customer.subscription.updated', ctx.fake.subscriptions.get(sub.id)!);
    expect((await user.agent.post('/api/user/subscription/cancel')).statusCode).toBe(409);
  });

  it('a saved card starts the subscription at once; removeAll cancels it at Stripe', async () => {
    const user = await member(ctx.t.app, 'stripe-saved@example.com');
    // A first checkout makes the Stripe customer; the card is saved on it.
    await user.agent.post('/api/user/credits/purchase', { credits_amount: 100 });
    const customer = await prisma().paymentCustomer.findFirstOrThrow({ where: { userId: user.id } });
    const card = ctx.fake.addCard(customer.customerId);

    const pro = await tierNamed('Pro');
    const res = await user.agent.post('/api/user/subscribe', {
      tier_id: pro.id,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paid: true, subscription: { tier_name: 'Pro', status: 'active' } });
    expect((await credits(user.agent)).credits_total_earned).toBe(500);
    const row = await prisma().subscription.findFirstOrThrow({
      where: { userId: user.id, status: 'active' },
    });
    const stripeSub = ctx.fake.subscriptions.get(row.providerSubscriptionId!)!;
    // Its first invoice.paid, arriving afterwards, grants nothing more.
    await deliver('invoice.paid', ctx.fake.invoices.get(String(stripeSub.latest_invoice))!);
    expect((await credits(user.agent)).credits_total_earned).toBe(500);

    await prisma().$transaction((tx) => ctx.t.app.subscriptions.removeAll(tx, user.id));
    expect(stripeSub.status).toBe('canceled');
    expect(await subscription(user.agent)).toBeNull();
  });

  it('a declined saved card is a 402 and starts nothing', async () => {
    const user = await member(ctx.t.app, 'stripe-declined@example.com');
    await user.agent.post('/api/user/credits/purchase', { credits_amount: 100 });
    const customer = await prisma().paymentCustomer.findFirstOrThrow({ where: { userId: user.id } });
    const card = ctx.fake.addCard(customer.customerId);
    ctx.fake.declined.add(card.id);
    const pro = await tierNamed('Pro');
    const res = await user.agent.post('/api/user/subscribe', {
      tier_id: pro.id,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(res.statusCode).toBe(402);
    expect(await subscription(user.agent)).toBeNull();
    expect((await credits(user.agent)).credits_total_earned).toBe(0);
  });
});
