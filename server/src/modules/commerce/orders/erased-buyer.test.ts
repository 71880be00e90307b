import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook } from '../../../../test/fake-stripe';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { insertPricedBeat, useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';

// A payment that completes after its account was deleted (Stripe's late
// checkout.session.completed) is refunded at once and grants nothing: no licence, invoice or
// sale. Through the real stripe SDK against the fake Stripe, with signed events.
const ctx = useProducerAndBuyersOnStripe();
let n = 0;

const deleteAccount = (who: { agent: { request: typeof ctx.ann.agent.request } }) =>
  who.agent.request({ method: 'DELETE', url: '/api/account/delete', payload: { confirm: 'DELETE' } });

async function openCheckout(buyer: Awaited<ReturnType<typeof member>>, producerId = ctx.producer.id) {
  const beat = await insertPricedBeat(ctx.t.app, producerId, { priceCents: 1200 });
  const res = await buyer.agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: 'basic',
    price_cents: 1200,
  });
  expect(res.statusCode).toBe(200);
  const { order_id, checkout_url } = res.json() as { order_id: string; checkout_url: string };
  return { orderId: order_id, sessionId: checkout_url.split('/').pop()! };
}

const granted = (orderId: string) =>
  Promise.all([
    ctx.t.app.db.prisma.license.count({ where: { orderId } }),
    ctx.t.app.db.prisma.invoice.count({ where: { orderId } }),
    ctx.t.app.db.prisma.salesLedgerEntry.count({ where: { orderId } }),
  ]);

describe('a payment completing after the account was deleted', () => {
  it('the buyer deleted: the late checkout.session.completed is acknowledged, refunded at once, grants nothing', async () => {
    n += 1;
    const buyer = await member(ctx.t.app, `late.buyer.${n}@example.com`);
    const { orderId, sessionId } = await openCheckout(buyer);
    // The buyer paid on Stripe's page, then deleted the account before the event arrived.
    const { session, paymentIntent } = ctx.fake.pay(sessionId);
    expect((await deleteAccount(buyer)).statusCode).toBe(200);

    const res = await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    // Stripe's twin event changes nothing more.
    const twin = await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', paymentIntent));
    expect(twin.statusCode).toBe(200);

    const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({
      status: 'refunded',
      statusReason: 'The account was deleted',
      paidAt: null,
    });
    expect(await granted(orderId)).toEqual([0, 0, 0]);
    const refunds = [...ctx.fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1200 });
    await expectLedgerInvariants(ctx.t.app);
  });

  it('the producer deleted: the buyer is refunded once, nobody is paid for a beat whose seller is gone', async () => {
    n += 1;
    const seller = await member(ctx.t.app, `late.seller.${n}@example.com`);
    const buyer = await member(ctx.t.app, `late.buyer.${n}@example.com`);
    const { orderId, sessionId } = await openCheckout(buyer, seller.id);
    const { session, paymentIntent } = ctx.fake.pay(sessionId);
    expect((await deleteAccount(seller)).statusCode).toBe(200);

    const res = await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    // The unsold beat went with the account, and its unpaid order with it.
    expect(await ctx.t.app.db.prisma.order.findUnique({ where: { id: orderId } })).toBeNull();
    expect(await granted(orderId)).toEqual([0, 0, 0]);
    const twin = await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', paymentIntent));
    expect(twin.statusCode).toBe(200);
    const refunds = [...ctx.fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id);
    expect(refunds).toMatchObject([{ amount: 1200 }]);
    await expectLedgerInvariants(ctx.t.app);
  });
});
