import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { describe, expect, it } from 'vitest';
import { deliverWebhook } from '../../../../test/fake-stripe';
import { insertPricedBeat, useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';
import { INVALID_SIGNATURE } from './stripe-webhook.service';

const ctx = useProducerAndBuyersOnStripe();

/** Starts a Stripe checkout; answers the order and the fake's session for it. */
async function checkout(
  agent: typeof ctx.ann.agent,
  beat: { id: string; priceCents: number },
  license = 'basic',
) {
  const multiple = { basic: 1, premium: 2, exclusive: 10 }[license as 'basic'];
  const res = await agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: license,
    price_cents: beat.priceCents * multiple,
  });
  expect(res.statusCode).toBe(200);
  const { order_id, checkout_url } = res.json() as { order_id: string; checkout_url: string };
  const sessionId = checkout_url.split('/').pop()!;
  expect(ctx.fake.sessions.get(sessionId)?.metadata).toEqual({ order_id });
  return { orderId: order_id, sessionId };
}

const order = (id: string) => ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id } });
const granted = (orderId: string) =>
  Promise.all([
    ctx.t.app.db.prisma.license.count({ where: { orderId } }),
    ctx.t.app.db.prisma.invoice.count({ where: { orderId } }),
    ctx.t.app.db.prisma.salesLedgerEntry.count({ where: { orderId } }),
  ]);

describe('POST /api/stripe/webhook', () => {
  it('the same event delivered 50 times at once fulfils once; its twin event and a late expiry change nothing', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1500 });
    const { orderId, sessionId } = await checkout(ctx.ann.agent, beat, 'premium');
    const { session, paymentIntent } = ctx.fake.pay(sessionId);
    const completed = ctx.fake.event('checkout.session.completed', session);

    const answers = await Promise.all(Array.from({ length: 50 }, () => deliverWebhook(ctx.t.app, completed)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((r) => !r.json().duplicate)).toHaveLength(1);
    expect(await order(orderId)).toMatchObject({ status: 'paid', providerPaymentId: paymentIntent.id });
    expect(await granted(orderId)).toEqual([1, 1, 1]);
    expect(await ctx.t.app.db.prisma.stripeEvent.count({ where: { id: completed.id } })).toBe(1);

    // Stripe also sends payment_intent.succeeded, and may send events out of order.
    expect(
      (await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', paymentIntent))).statusCode,
    ).toBe(200);
    expect(
      (await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.expired', session))).statusCode,
    ).toBe(200);
    expect(await order(orderId)).toMatchObject({ status: 'paid' });
    expect(await granted(orderId)).toEqual([1, 1, 1]);
    const ledger = await ctx.t.app.db.prisma.salesLedgerEntry.findFirstOrThrow({
      where: { orderId, kind: 'sale' },
    });
    // Not connected to payouts: the net waits for a payout account.
    expect(ledger).toMatchObject({ grossCents: 3000, netCents: 3000, transferStatus: 'pending' });
  });

  it('payment_intent.succeeded alone is enough to fulfil', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 800 });
    const { orderId, sessionId } = await checkout(ctx.bob.agent, beat);
    const { paymentIntent } = ctx.fake.pay(sessionId);
    expect(
      (await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', paymentIntent))).statusCode,
    ).toBe(200);
    expect((await order(orderId)).status).toBe('paid');
    expect(await granted(orderId)).toEqual([1, 1, 1]);
  });

  it('a tampered, stale, wrongly signed or unsigned event is a 400 and changes nothing', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 900 });
    const { orderId, sessionId } = await checkout(ctx.ann.agent, beat);
    const event = ctx.fake.event('checkout.session.completed', ctx.fake.pay(sessionId).session);
    const bad = [
      await deliverWebhook(ctx.t.app, event, {
        tamper: (p) => p.replace('"amount_total":900', '"amount_total":1'),
      }),
      await deliverWebhook(ctx.t.app, event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliverWebhook(ctx.t.app, event, { secret: 'whsec_someone_else' }),
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_SIGNATURE });
    }
    expect((await order(orderId)).status).toBe('pending');
    expect(await granted(orderId)).toEqual([0, 0, 0]);
    expect(await ctx.t.app.db.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(0);
    // The genuine delivery still works afterwards.
    expect((await deliverWebhook(ctx.t.app, event)).statusCode).toBe(200);
    expect((await order(orderId)).status).toBe('paid');
  });

  it('checkout.session.expired releases the reservation of an unpaid exclusive', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
    const { orderId, sessionId } = await checkout(ctx.ann.agent, beat, 'exclusive');
    const blocked = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 5000,
    });
    expect(blocked.statusCode).toBe(409);
    const session = { ...ctx.fake.sessions.get(sessionId)!, status: 'expired' };
    expect(
      (await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.expired', session))).statusCode,
    ).toBe(200);
    expect(await order(orderId)).toMatchObject({ status: 'expired' });
    const again = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 5000,
    });
    expect(again.statusCode).toBe(200);
  });

  it('a late payment for an exclusive sold to someone else is refunded and the order says so', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 700 });
    const late = await checkout(ctx.ann.agent, beat, 'exclusive');
    // Ann's 30 minutes run out; the job releases the beat (and closes her session at Stripe).
    await ctx.t.app.db.prisma.order.update({
      where: { id: late.orderId },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    await ctx.t.app.fulfilment.expireReservations();
    expect(ctx.fake.requests.some((r) => r.path === `/v1/checkout/sessions/${late.sessionId}/expire`)).toBe(
      true,
    );

    const winner = await checkout(ctx.bob.agent, beat, 'exclusive');
    await deliverWebhook(
      ctx.t.app,
      ctx.fake.event('checkout.session.completed', ctx.fake.pay(winner.sessionId).session),
    );
    expect((await order(winner.orderId)).status).toBe('paid');

    // Ann's payment was already on its way at Stripe.
    const { session, paymentIntent } = ctx.fake.pay(late.sessionId);
    expect(
      (await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.completed', session))).statusCode,
    ).toBe(200);
    const refunded = await order(late.orderId);
    expect(refunded).toMatchObject({
      status: 'refunded',
      statusReason: PURCHASE_ERRORS.SOLD_EXCLUSIVE,
      providerPaymentId: paymentIntent.id,
    });
    const refund = [...ctx.fake.refunds.values()].find((r) => r.payment_intent === paymentIntent.id);
    expect(refund).toMatchObject({ amount: 7000, metadata: { order_id: late.orderId } });
    expect(refunded.providerRefundId).toBe(refund!.id);
    expect(await granted(late.orderId)).toEqual([0, 0, 0]);
    expect(await ctx.t.app.db.prisma.license.count({ where: { beatId: beat.id } })).toBe(1);

    // Redelivered, it refunds nothing more.
    await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', paymentIntent));
    expect([...ctx.fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id)).toHaveLength(
      1,
    );
  });

  it('a refund Stripe could not take is sent again later, once', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 600 });
    const { orderId, sessionId } = await checkout(ctx.ann.agent, beat);
    await ctx.t.app.db.prisma.license.create({
      data: {
        buyerId: ctx.ann.id,
        beatId: beat.id,
        licenseType: 'basic',
        orderId: (await buyElsewhere(beat.id)).id,
      },
    });
    ctx.fake.failing.add('POST /v1/refunds');
    const { paymentIntent } = ctx.fake.pay(sessionId);
    await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', paymentIntent));
    expect(await order(orderId)).toMatchObject({
      status: 'refunded',
      statusReason: PURCHASE_ERRORS.ALREADY_HELD,
      providerRefundId: null,
    });

    ctx.fake.failing.delete('POST /v1/refunds');
    expect(await ctx.t.app.fulfilment.sendPendingRefunds()).toBe(1);
    expect((await order(orderId)).providerRefundId).toMatch(/^re_/);
    expect(await ctx.t.app.fulfilment.sendPendingRefunds()).toBe(0);
  });
});

/** A paid order written directly, as if Ann had bought this licence before. */
async function buyElsewhere(beatId: string) {
  return ctx.t.app.db.prisma.order.create({
    data: {
      buyerId: ctx.ann.id,
      beatId,
      producerId: ctx.producer.id,
      licenseType: 'basic',
      amountCents: 600,
      provider: 'stripe',
      paymentMethodType: 'card',
      status: 'paid',
      expiresAt: new Date(),
    },
  });
}
