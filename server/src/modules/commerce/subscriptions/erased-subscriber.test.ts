import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook } from '../../../../test/fake-stripe';
import type { Agent } from '../../../../test/helpers';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';

// Account payments (credits packs, subscriptions) completing after the payer deleted the
// account: Stripe's events are acknowledged (200, never a 500 Stripe would retry forever), the
// money goes back at once, and nothing is granted or written for the deleted user. The real
// stripe SDK against the fake Stripe, with signed events.
const ctx = useProducerAndBuyersOnStripe();
const prisma = () => ctx.t.app.db.prisma;
let n = 0;

const deliver = (type: string, object: Record<string, unknown> & { id: string }) =>
  deliverWebhook(ctx.t.app, ctx.fake.event(type, object));
const deleteAccount = (agent: Agent) =>
  agent.request({ method: 'DELETE', url: '/api/account/delete', payload: { confirm: 'DELETE' } });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const refundsOf = (paymentIntent: string) =>
  [...ctx.fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);

async function freshMember() {
  n += 1;
  return member(ctx.t.app, `erased.payer.${n}@example.com`);
}

async function nothingFor(userId: string) {
  expect(await prisma().creditLedgerEntry.count({ where: { userId } })).toBe(0);
  expect(await prisma().creditBalance.findUnique({ where: { userId } })).toBeNull();
  expect(await prisma().invoice.count({ where: { userId } })).toBe(0);
  expect(await prisma().subscription.count({ where: { userId } })).toBe(0);
}

async function proTier() {
  const list = (await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json();
  return (list as { id: string; name: string }[]).find((t) => t.name === 'Pro')!;
}

describe('account payments completing after the account was deleted', () => {
  it('a credits pack paid on Stripe, then the account deleted: 200, refunded once, no credits', async () => {
    const payer = await freshMember();
    const res = await payer.agent.post('/api/user/credits/purchase', { credits_amount: 500 });
    expect(res.statusCode).toBe(200);
    const { session, paymentIntent } = ctx.fake.pay(sessionIdOf(res.json().checkout_url));
    expect((await deleteAccount(payer.agent)).statusCode).toBe(200);

    const answers = await Promise.all([
      deliver('checkout.session.completed', session),
      deliver('payment_intent.succeeded', paymentIntent),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(refundsOf(paymentIntent.id)).toMatchObject([{ amount: 450 }]);
    const paymentId = (session.metadata as { account_payment_id: string }).account_payment_id;
    expect(await prisma().accountPayment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: 'failed',
      statusReason: 'The account was deleted',
    });
    await nothingFor(payer.id);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('a subscription Checkout paid, then the account deleted: 200, Stripe’s subscription cancelled and its invoice refunded', async () => {
    const payer = await freshMember();
    const tier = await proTier();
    const res = await payer.agent.post('/api/user/subscribe', { tier_id: tier.id });
    expect(res.statusCode).toBe(200);
    const { session, subscription, invoice } = ctx.fake.paySubscription(sessionIdOf(res.json().checkout_url));
    expect((await deleteAccount(payer.agent)).statusCode).toBe(200);

    const completed = await deliver('checkout.session.completed', session);
    expect(completed.statusCode).toBe(200);
    const paidInvoice = await deliver('invoice.paid', invoice);
    expect(paidInvoice.statusCode).toBe(200);

    expect(ctx.fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    const intent = (invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!.payment
      .payment_intent;
    expect(refundsOf(intent)).toMatchObject([{ amount: 999 }]);
    await nothingFor(payer.id);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('a renewal Stripe billed for a deleted account (its cancellation was lost): 200 and refunded', async () => {
    const payer = await freshMember();
    const tier = await proTier();
    const res = await payer.agent.post('/api/user/subscribe', { tier_id: tier.id });
    const { session, subscription } = ctx.fake.paySubscription(sessionIdOf(res.json().checkout_url));
    expect((await deliver('checkout.session.completed', session)).statusCode).toBe(200);
    expect((await payer.agent.get('/api/user/subscription')).json().subscription).toMatchObject({
      tier_name: 'Pro',
    });
    expect((await deleteAccount(payer.agent)).statusCode).toBe(200);
    // As if the cancellation at deletion time had been lost: it lives on at Stripe and renews.
    ctx.fake.subscriptions.get(subscription.id)!.status = 'active';
    const renewal = ctx.fake.renewSubscription(subscription.id);
    const answer = await deliver('invoice.paid', renewal.invoice);
    expect(answer.statusCode).toBe(200);
    const intent = (renewal.invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!
      .payment.payment_intent;
    expect(refundsOf(intent)).toMatchObject([{ amount: 999 }]);
    expect(ctx.fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    // Only the first period's invoice, issued before the deletion; nothing since.
    expect(await prisma().invoice.count({ where: { userId: payer.id } })).toBe(1);
    expect(await prisma().creditLedgerEntry.count({ where: { userId: payer.id } })).toBe(0);
    expect(await prisma().subscription.count({ where: { userId: payer.id } })).toBe(0);
    await expectLedgerInvariants(ctx.t.app);
  });
});

describe('a payment reaching a replaced subscription checkout', () => {
  it('the older Checkout, cancelled when a newer one opened, is paid anyway: 200, refunded, Stripe’s subscription cancelled; the newer one starts', async () => {
    const payer = await freshMember();
    const tier = await proTier();
    const first = await payer.agent.post('/api/user/subscribe', { tier_id: tier.id });
    const second = await payer.agent.post('/api/user/subscribe', { tier_id: tier.id });
    const older = sessionIdOf(first.json().checkout_url);
    const newer = sessionIdOf(second.json().checkout_url);
    // Stripe was asked to expire the older session; the payer had already paid it.
    expect(ctx.fake.requests.some((r) => r.path === `/v1/checkout/sessions/${older}/expire`)).toBe(true);
    const late = ctx.fake.paySubscription(older);
    // Stripe's events in either order: the invoice first must not start it either.
    expect((await deliver('invoice.paid', late.invoice)).statusCode).toBe(200);
    expect((await payer.agent.get('/api/user/subscription')).json().subscription).toBeNull();
    expect((await deliver('checkout.session.completed', late.session)).statusCode).toBe(200);
    expect((await deliver('invoice.paid', late.invoice)).statusCode).toBe(200);
    expect(ctx.fake.subscriptions.get(late.subscription.id)).toMatchObject({ status: 'canceled' });
    const intent = (late.invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!
      .payment.payment_intent;
    expect(refundsOf(intent)).toMatchObject([{ amount: 999 }]);
    expect((await payer.agent.get('/api/user/subscription')).json().subscription).toBeNull();

    const paid = ctx.fake.paySubscription(newer);
    expect((await deliver('checkout.session.completed', paid.session)).statusCode).toBe(200);
    expect((await payer.agent.get('/api/user/subscription')).json().subscription).toMatchObject({
      tier_name: 'Pro',
      status: 'active',
    });
    expect((await payer.agent.get('/api/user/credits')).json().credits.credits_total_earned).toBe(500);
    expect(await prisma().subscriptionPeriod.count({ where: { subscription: { userId: payer.id } } })).toBe(
      1,
    );
    await expectLedgerInvariants(ctx.t.app);
  });
});
