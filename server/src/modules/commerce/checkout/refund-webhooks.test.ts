import { REFUND_ERRORS, REFUND_REASONS } from '@beatroom/shared/refunds-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook } from '../../../../test/fake-stripe';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { insertPricedBeat, useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';
import { DOWNLOAD_DISPUTED } from '../downloads/downloads.service';

const ctx = useProducerAndBuyersOnStripe();
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  admin = await member(ctx.t.app, 'desk-admin@example.com');
  await ctx.t.app.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});

/** Ann buys a licence on Stripe Checkout and Stripe's webhook fulfils it. */
async function stripeSale(license: 'basic' | 'premium' | 'exclusive' = 'basic', priceCents = 1000) {
  const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents });
  const multiple = { basic: 1, premium: 2, exclusive: 10 }[license];
  const res = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: license,
    price_cents: priceCents * multiple,
  });
  expect(res.statusCode).toBe(200);
  const { order_id, checkout_url } = res.json() as { order_id: string; checkout_url: string };
  const { session, paymentIntent } = ctx.fake.pay(checkout_url.split('/').pop()!);
  expect(
    (await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.completed', session))).statusCode,
  ).toBe(200);
  return { beat, orderId: order_id, paymentIntentId: paymentIntent.id };
}

const deliver = async (type: string, object: { id: string } & Record<string, unknown>) => {
  const event = ctx.fake.event(type, object);
  const res = await deliverWebhook(ctx.t.app, event);
  expect(res.statusCode).toBe(200);
  return event;
};

const state = async (orderId: string) => {
  const p = ctx.t.app.db.prisma;
  const order = await p.order.findUniqueOrThrow({ where: { id: orderId } });
  const licence = await p.license.findFirstOrThrow({ where: { orderId } });
  const refunds = await p.refund.findMany({ where: { orderId }, orderBy: { createdAt: 'asc' } });
  const ledger = await p.salesLedgerEntry.findMany({ where: { orderId }, orderBy: { createdAt: 'asc' } });
  const notes = await p.creditNote.count({ where: { refundId: { in: refunds.map((r) => r.id) } } });
  return {
    status: order.status,
    dispute: order.disputeStatus,
    revoked: licence.revokedReason,
    frozen: licence.frozenAt !== null,
    refunds: refunds.map((r) => [r.source, r.amountCents, r.full]),
    ledger: ledger.map((l) => [l.kind, l.grossCents]),
    notes,
  };
};

const downloadStatus = async (beatId: string) =>
  (await ctx.ann.agent.get(`/api/beats/${beatId}/download-status`)).json();

describe('charge.refunded', () => {
  it('a whole refund made at Stripe revokes the licence once, however often it is told', async () => {
    const { beat, orderId, paymentIntentId } = await stripeSale('exclusive', 800);
    const charge = ctx.fake.charges.refundInDashboard(paymentIntentId);
    const event = await deliver('charge.refunded', charge);
    const after = await state(orderId);
    expect(after).toMatchObject({
      status: 'refunded',
      revoked: 'refunded',
      refunds: [['stripe', 8000, true]],
      ledger: [
        ['sale', 8000],
        ['reversal', -8000],
      ],
      notes: 1,
    });
    expect(await downloadStatus(beat.id)).toMatchObject({ canDownload: false, reason: 'refunded' });
    expect(
      (await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } })).soldExclusiveAt,
    ).toBeNull();
    // The same event again, and the same refund in a new event: nothing more.
    expect((await deliverWebhook(ctx.t.app, event)).json()).toEqual({ received: true, duplicate: true });
    await deliver('charge.refunded', ctx.fake.charges.charge(paymentIntentId));
    expect(await state(orderId)).toEqual(after);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('a partial refund keeps the licence and records the amount; the rest refunded later revokes it', async () => {
    const { beat, orderId, paymentIntentId } = await stripeSale('premium', 1000);
    await deliver('charge.refunded', ctx.fake.charges.refundInDashboard(paymentIntentId, 500));
    expect(await state(orderId)).toMatchObject({
      status: 'paid',
      revoked: null,
      refunds: [['stripe', 500, false]],
      ledger: [
        ['sale', 2000],
        ['reversal', -500],
      ],
      notes: 1,
    });
    expect(await downloadStatus(beat.id)).toMatchObject({ canDownload: true, reason: 'license' });
    const row = (await admin.agent.get(`/api/admin/orders?q=${beat.title}`)).json().orders[0];
    expect(row).toMatchObject({ status: 'paid', refunded_cents: 500 });

    const charge = ctx.fake.charges.refundInDashboard(paymentIntentId);
    await deliver('charge.refunded', charge);
    await deliver('charge.refunded', charge);
    expect(await state(orderId)).toMatchObject({
      status: 'refunded',
      revoked: 'refunded',
      refunds: [
        ['stripe', 500, false],
        ['stripe', 1500, true],
      ],
      ledger: [
        ['sale', 2000],
        ['reversal', -500],
        ['reversal', -1500],
      ],
      notes: 2,
    });
    await expectLedgerInvariants(ctx.t.app);
  });

  it('an admin refund goes through Stripe once; Stripe telling of it afterwards changes nothing', async () => {
    const { orderId, paymentIntentId } = await stripeSale('basic', 1200);
    const res = await admin.agent.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Wrong beat' });
    expect(res.statusCode).toBe(200);
    const sent = ctx.fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntentId,
    );
    expect(sent).toEqual([
      expect.objectContaining({
        idempotencyKey: `admin-refund-${orderId}`,
        params: expect.objectContaining({
          amount: '1200',
          metadata: { order_id: orderId, reason: 'Wrong beat' },
        }),
      }),
    ]);
    const after = await state(orderId);
    expect(after).toMatchObject({ status: 'refunded', refunds: [['admin', 1200, true]], notes: 1 });
    await deliver('charge.refunded', ctx.fake.charges.charge(paymentIntentId));
    expect(await state(orderId)).toEqual(after);
    const again = await admin.agent.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REFUND_ERRORS.ALREADY_REFUNDED });
    expect(
      ctx.fake.requests.filter(
        (r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntentId,
      ),
    ).toHaveLength(1);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('Stripe refusing the refund is a 502 and nothing changes', async () => {
    const { orderId } = await stripeSale('basic', 600);
    ctx.fake.failing.add('POST /v1/refunds');
    try {
      const res = await admin.agent.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Outage' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: REFUND_ERRORS.PROVIDER_FAILED });
    } finally {
      ctx.fake.failing.delete('POST /v1/refunds');
    }
    expect(await state(orderId)).toMatchObject({ status: 'paid', refunds: [], notes: 0 });
  });
});

describe('charge.dispute.created / closed', () => {
  it('freezes downloads while open; won: downloads resume', async () => {
    const { beat, orderId, paymentIntentId } = await stripeSale('basic', 900);
    const dispute = ctx.fake.charges.dispute(paymentIntentId);
    const opened = await deliver('charge.dispute.created', dispute);
    expect(await state(orderId)).toMatchObject({ status: 'paid', dispute: 'open', frozen: true });
    expect(await downloadStatus(beat.id)).toMatchObject({ canDownload: false, reason: 'disputed' });
    const download = await ctx.ann.agent.post(`/api/beats/${beat.id}/download`, {});
    expect(download.statusCode).toBe(403);
    expect(download.json()).toEqual({ error: DOWNLOAD_DISPUTED });
    expect((await deliverWebhook(ctx.t.app, opened)).json()).toMatchObject({ duplicate: true });
    await deliver('charge.dispute.created', dispute);

    const won = ctx.fake.charges.closeDispute(dispute.id, 'won');
    await deliver('charge.dispute.closed', won);
    await deliver('charge.dispute.closed', won);
    expect(await state(orderId)).toMatchObject({
      status: 'paid',
      dispute: 'won',
      frozen: false,
      refunds: [],
    });
    expect(await downloadStatus(beat.id)).toMatchObject({ canDownload: true, reason: 'license' });
    await expectLedgerInvariants(ctx.t.app);
  });

  it('lost: acts as a refund (no Stripe refund: the bank took the money back), once', async () => {
    const { beat, orderId, paymentIntentId } = await stripeSale('premium', 700);
    const dispute = ctx.fake.charges.dispute(paymentIntentId);
    await deliver('charge.dispute.created', dispute);
    const lost = ctx.fake.charges.closeDispute(dispute.id, 'lost');
    await deliver('charge.dispute.closed', lost);
    await deliver('charge.dispute.closed', lost);
    expect(await state(orderId)).toMatchObject({
      status: 'refunded',
      dispute: 'lost',
      revoked: 'dispute_lost',
      frozen: false,
      refunds: [['dispute', 1400, true]],
      ledger: [
        ['sale', 1400],
        ['reversal', -1400],
      ],
      notes: 1,
    });
    const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.statusReason).toBe(REFUND_REASONS.DISPUTE_LOST);
    expect(
      ctx.fake.requests.filter(
        (r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntentId,
      ),
    ).toEqual([]);
    expect(await downloadStatus(beat.id)).toMatchObject({ canDownload: false, reason: 'refunded' });
    await expectLedgerInvariants(ctx.t.app);
  });
});

describe('races (run on PostgreSQL with TEST_DATABASE_URL)', () => {
  it('two partial refunds told at once are both recorded; an admin refund and a lost dispute at once refund once', async () => {
    const { orderId, paymentIntentId } = await stripeSale('premium', 1000);
    ctx.fake.charges.refundInDashboard(paymentIntentId, 300);
    const charge = ctx.fake.charges.refundInDashboard(paymentIntentId, 200);
    await Promise.all([deliver('charge.refunded', charge), deliver('charge.refunded', charge)]);
    expect(await state(orderId)).toMatchObject({
      status: 'paid',
      refunds: [
        ['stripe', 300, false],
        ['stripe', 200, false],
      ],
      notes: 2,
    });

    const second = await stripeSale('basic', 800);
    const dispute = ctx.fake.charges.dispute(second.paymentIntentId);
    await deliver('charge.dispute.created', dispute);
    const lost = ctx.fake.charges.closeDispute(dispute.id, 'lost');
    const [refund] = await Promise.all([
      admin.agent.post(`/api/admin/orders/${second.orderId}/refund`, { reason: 'Both at once' }),
      deliver('charge.dispute.closed', lost),
    ]);
    expect([200, 409]).toContain(refund.statusCode);
    const after = await state(second.orderId);
    expect(after).toMatchObject({ status: 'refunded', dispute: 'lost', notes: 1 });
    expect(after.refunds).toHaveLength(1);
    await expectLedgerInvariants(ctx.t.app);
  });
});
