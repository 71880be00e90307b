import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/community-fixtures';
import { deliverWebhook, FakeStripe } from '../../../test/fake-stripe';
import { createTestApp } from '../../../test/helpers';
import { insertPricedBeat } from '../../../test/selling-fixtures';
import { INVALID_SIGNATURE } from './stripe-webhook.service';

let fake: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Awaited<ReturnType<typeof member>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await createTestApp({}, fake.env());
  producer = await member(t.app, 'producer@example.com');
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Starts a Stripe checkout; answers the order and the fake's session for it. */
async function checkout(
  agent: typeof ann.agent,
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
  expect(fake.sessions.get(sessionId)?.metadata).toEqual({ order_id });
  return { orderId: order_id, sessionId };
}

const order = (id: string) => t.app.db.prisma.order.findUniqueOrThrow({ where: { id } });
const granted = (orderId: string) =>
  Promise.all([
    t.app.db.prisma.license.count({ where: { orderId } }),
    t.app.db.prisma.invoice.count({ where: { orderId } }),
    t.app.db.prisma.salesLedgerEntry.count({ where: { orderId } }),
  ]);

describe('POST /api/stripe/webhook', () => {
  it('the same event delivered 50 times at once fulfils once; its twin event and a late expiry change nothing', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1500 });
    const { orderId, sessionId } = await checkout(ann.agent, beat, 'premium');
    const { session, paymentIntent } = fake.pay(sessionId);
    const completed = fake.event('checkout.session.completed', session);

    const answers = await Promise.all(Array.from({ length: 50 }, () => deliverWebhook(t.app, completed)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((r) => !r.json().duplicate)).toHaveLength(1);
    expect(await order(orderId)).toMatchObject({ status: 'paid', providerPaymentId: paymentIntent.id });
    expect(await granted(orderId)).toEqual([1, 1, 1]);
    expect(await t.app.db.prisma.stripeEvent.count({ where: { id: completed.id } })).toBe(1);

    // Stripe also sends payment_intent.succeeded, and may send events out of order.
    expect(
      (await deliverWebhook(t.app, fake.event('payment_intent.succeeded', paymentIntent))).statusCode,
    ).toBe(200);
    expect((await deliverWebhook(t.app, fake.event('checkout.session.expired', session))).statusCode).toBe(
      200,
    );
    expect(await order(orderId)).toMatchObject({ status: 'paid' });
    expect(await granted(orderId)).toEqual([1, 1, 1]);
    const ledger = await t.app.db.prisma.salesLedgerEntry.findUniqueOrThrow({ where: { orderId } });
    // Not connected to payouts: the net waits for a payout account.
    expect(ledger).toMatchObject({ grossCents: 3000, netCents: 3000, transferStatus: 'pending' });
  });

  it('payment_intent.succeeded alone is enough to fulfil', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 800 });
    const { orderId, sessionId } = await checkout(bob.agent, beat);
    const { paymentIntent } = fake.pay(sessionId);
    expect(
      (await deliverWebhook(t.app, fake.event('payment_intent.succeeded', paymentIntent))).statusCode,
    ).toBe(200);
    expect((await order(orderId)).status).toBe('paid');
    expect(await granted(orderId)).toEqual([1, 1, 1]);
  });

  it('a tampered, stale, wrongly signed or unsigned event is a 400 and changes nothing', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 900 });
    const { orderId, sessionId } = await checkout(ann.agent, beat);
    const event = fake.event('checkout.session.completed', fake.pay(sessionId).session);
    const bad = [
      await deliverWebhook(t.app, event, {
        tamper: (p) => p.replace('"amount_total":900', '"amount_total":1'),
      }),
      await deliverWebhook(t.app, event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliverWebhook(t.app, event, { secret: 'whsec_someone_else' }),
      await t.app.inject({
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
    expect(await t.app.db.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(0);
    // The genuine delivery still works afterwards.
    expect((await deliverWebhook(t.app, event)).statusCode).toBe(200);
    expect((await order(orderId)).status).toBe('paid');
  });

  it('checkout.session.expired releases the reservation of an unpaid exclusive', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 500 });
    const { orderId, sessionId } = await checkout(ann.agent, beat, 'exclusive');
    const blocked = await bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 5000,
    });
    expect(blocked.statusCode).toBe(409);
    const session = { ...fake.sessions.get(sessionId)!, status: 'expired' };
    expect((await deliverWebhook(t.app, fake.event('checkout.session.expired', session))).statusCode).toBe(
      200,
    );
    expect(await order(orderId)).toMatchObject({ status: 'expired' });
    const again = await bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 5000,
    });
    expect(again.statusCode).toBe(200);
  });

  it('a late payment for an exclusive sold to someone else is refunded and the order says so', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 700 });
    const late = await checkout(ann.agent, beat, 'exclusive');
    // Ann's 30 minutes run out; the job releases the beat (and closes her session at Stripe).
    await t.app.db.prisma.order.update({
      where: { id: late.orderId },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    await t.app.fulfilment.expireReservations();
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${late.sessionId}/expire`)).toBe(true);

    const winner = await checkout(bob.agent, beat, 'exclusive');
    await deliverWebhook(t.app, fake.event('checkout.session.completed', fake.pay(winner.sessionId).session));
    expect((await order(winner.orderId)).status).toBe('paid');

    // Ann's payment was already on its way at Stripe.
    const { session, paymentIntent } = fake.pay(late.sessionId);
    expect((await deliverWebhook(t.app, fake.event('checkout.session.completed', session))).statusCode).toBe(
      200,
    );
    const refunded = await order(late.orderId);
    expect(refunded).toMatchObject({
      status: 'refunded',
      statusReason: PURCHASE_ERRORS.SOLD_EXCLUSIVE,
      providerPaymentId: paymentIntent.id,
    });
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === paymentIntent.id);
    expect(refund).toMatchObject({ amount: 7000, metadata: { order_id: late.orderId } });
    expect(refunded.providerRefundId).toBe(refund!.id);
    expect(await granted(late.orderId)).toEqual([0, 0, 0]);
    expect(await t.app.db.prisma.license.count({ where: { beatId: beat.id } })).toBe(1);

    // Redelivered, it refunds nothing more.
    await deliverWebhook(t.app, fake.event('payment_intent.succeeded', paymentIntent));
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id)).toHaveLength(1);
  });

  it('a refund Stripe could not take is sent again later, once', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 600 });
    const { orderId, sessionId } = await checkout(ann.agent, beat);
    await t.app.db.prisma.license.create({
      data: {
        buyerId: ann.id,
        beatId: beat.id,
        licenseType: 'basic',
        orderId: (await buyElsewhere(beat.id)).id,
      },
    });
    fake.failing.add('POST /v1/refunds');
    const { paymentIntent } = fake.pay(sessionId);
    await deliverWebhook(t.app, fake.event('payment_intent.succeeded', paymentIntent));
    expect(await order(orderId)).toMatchObject({
      status: 'refunded',
      statusReason: PURCHASE_ERRORS.ALREADY_HELD,
      providerRefundId: null,
    });

    fake.failing.delete('POST /v1/refunds');
    expect(await t.app.fulfilment.sendPendingRefunds()).toBe(1);
    expect((await order(orderId)).providerRefundId).toMatch(/^re_/);
    expect(await t.app.fulfilment.sendPendingRefunds()).toBe(0);
  });
});

/** A paid order written directly, as if Ann had bought this licence before. */
async function buyElsewhere(beatId: string) {
  return t.app.db.prisma.order.create({
    data: {
      buyerId: ann.id,
      beatId,
      producerId: producer.id,
      licenseType: 'basic',
      amountCents: 600,
      provider: 'stripe',
      paymentMethodType: 'card',
      status: 'paid',
      expiresAt: new Date(),
    },
  });
}
