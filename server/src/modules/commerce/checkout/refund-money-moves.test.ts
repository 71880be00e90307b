import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook, FakeStripe } from '../../../../test/fake-stripe';
import { addConnect } from '../../../../test/fake-stripe-connect';
import { createTestApp } from '../../../../test/helpers';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { insertPricedBeat } from '../../../../test/selling-fixtures';

let fake: FakeStripe;
let connect: ReturnType<typeof addConnect>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Awaited<ReturnType<typeof member>>;
let fan: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  connect = addConnect(fake);
  t = await createTestApp({}, fake.env());
  producer = await member(t.app, 'producer@example.com');
  fan = await member(t.app, 'fan@example.com');
  admin = await member(t.app, 'desk-admin@example.com');
  await t.app.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Pays a checkout the app opened on Stripe's page, and delivers Stripe's webhook for it. */
async function payCheckout(checkoutUrl: string) {
  const { session, paymentIntent } = fake.pay(checkoutUrl.split('/').pop()!);
  expect((await deliverWebhook(t.app, fake.event('checkout.session.completed', session))).statusCode).toBe(
    200,
  );
  return paymentIntent.id;
}

async function stripeSale(beat: { id: string; priceCents: number }) {
  const res = await fan.agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: 'basic',
    price_cents: beat.priceCents,
  });
  expect(res.statusCode).toBe(200);
  await payCheckout(res.json().checkout_url);
  return res.json().order_id as string;
}

async function buyCredits(credits: number) {
  const res = await fan.agent.post('/api/user/credits/purchase', { credits_amount: credits });
  expect(res.statusCode).toBe(200);
  return payCheckout(res.json().checkout_url);
}

const balance = async () => {
  const row = await t.app.db.prisma.creditBalance.findUniqueOrThrow({ where: { userId: fan.id } });
  return { available: row.available, debt: row.debt };
};

describe('a refund takes back what was transferred to the producer', () => {
  it('a transfer already made is reversed through Stripe; a destination charge is refunded with its transfer', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1500 });
    const sale = await stripeSale(beat);
    await producer.agent.post('/api/payouts/onboarding');
    const accountId = [...connect.accounts.keys()][0]!;
    connect.complete(accountId);
    await producer.agent.get('/api/users/me/earnings');
    const row = await t.app.db.prisma.salesLedgerEntry.findFirstOrThrow({
      where: { orderId: sale, kind: 'sale' },
    });
    expect(row).toMatchObject({ transferStatus: 'transferred' });

    const res = await admin.agent.post(`/api/admin/orders/${sale}/refund`, { reason: 'Chargeback risk' });
    expect(res.statusCode).toBe(200);
    expect([...connect.reversals.values()]).toEqual([
      expect.objectContaining({ amount: 1500, transfer: row.transferId, metadata: { order_id: sale } }),
    ]);
    const reversal = await t.app.db.prisma.salesLedgerEntry.findFirstOrThrow({
      where: { orderId: sale, kind: 'reversal' },
    });
    expect(reversal).toMatchObject({
      grossCents: -1500,
      netCents: -1500,
      transferStatus: 'reversed',
      transferId: [...connect.reversals.keys()][0],
    });
    expect((await producer.agent.get('/api/users/me/earnings')).json().totals.net_cents).toBe(0);

    // Connected now: the next sale is a destination charge, refunded with its transfer.
    const direct = await stripeSale(await insertPricedBeat(t.app, producer.id, { priceCents: 900 }));
    expect(
      (await admin.agent.post(`/api/admin/orders/${direct}/refund`, { reason: 'Wrong file' })).statusCode,
    ).toBe(200);
    const order = await t.app.db.prisma.order.findUniqueOrThrow({ where: { id: direct } });
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === order.providerPaymentId);
    expect(refund).toMatchObject({ amount: 900, reverse_transfer: true, refund_application_fee: true });
    expect(connect.reversals.size).toBe(1);
    await expectLedgerInvariants(t.app);
  });
});

describe('a partial refund before the payout', () => {
  it('counts against the sale: one sale, the net less the refund, and only that is transferred', async () => {
    const other = await member(t.app, 'later-producer@example.com');
    const beat = await insertPricedBeat(t.app, other.id, { priceCents: 1000 });
    const sale = await stripeSale(beat);
    const order = await t.app.db.prisma.order.findUniqueOrThrow({ where: { id: sale } });
    const charge = fake.charges.refundInDashboard(order.providerPaymentId!, 400);
    expect((await deliverWebhook(t.app, fake.event('charge.refunded', charge))).statusCode).toBe(200);
    const before = (await other.agent.get('/api/users/me/earnings')).json();
    expect(before.totals).toMatchObject({ sales: 1, gross_cents: 600, net_cents: 600 });
    expect(before.per_beat).toEqual([expect.objectContaining({ sales: 1, net_cents: 600 })]);
    expect(before.last_30_days.at(-1)).toMatchObject({ sales: 1, net_cents: 600 });
    expect(before.payout).toEqual({ status: 'not_connected', pending_transfer_cents: 600 });

    await other.agent.post('/api/payouts/onboarding');
    const account = await t.app.db.prisma.payoutAccount.findUniqueOrThrow({ where: { userId: other.id } });
    connect.complete(account.accountId);
    const after = (await other.agent.get('/api/users/me/earnings')).json();
    expect(after.payout).toEqual({ status: 'active', pending_transfer_cents: 0 });
    const transfers = [...connect.transfers.values()].filter((tr) => tr.destination === account.accountId);
    expect(transfers.map((tr) => tr.amount)).toEqual([600]);
    await expectLedgerInvariants(t.app);
  });
});

describe('a refunded credit pack', () => {
  it('takes its credits back; those already spent become a debt the next grant pays first', async () => {
    const pack = await buyCredits(500); // 500 + 50 bonus
    expect(await balance()).toEqual({ available: 550, debt: 0 });
    const beat = await insertPricedBeat(t.app, fan.id, { priceCents: 500 });
    const promote = await fan.agent.post(`/api/beats/${beat.id}/promote`, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(promote.statusCode).toBe(200);
    expect(await balance()).toEqual({ available: 350, debt: 0 });

    const charge = fake.charges.refundInDashboard(pack);
    const event = fake.event('charge.refunded', charge);
    expect((await deliverWebhook(t.app, event)).statusCode).toBe(200);
    expect((await deliverWebhook(t.app, fake.event('charge.refunded', charge))).statusCode).toBe(200);
    // 550 granted: the 350 left are taken, the 200 spent are owed.
    expect(await balance()).toEqual({ available: 0, debt: 200 });
    const refunds = await t.app.db.prisma.refund.findMany({ where: { accountPaymentId: { not: null } } });
    expect(refunds.map((r) => [r.amountCents, r.full])).toEqual([[450, true]]);
    const notes = await t.app.db.prisma.creditNote.findMany({ where: { refundId: refunds[0]!.id } });
    expect(notes).toHaveLength(1);
    const listed = (await fan.agent.get('/api/invoices')).json().invoices;
    expect(
      listed.find((i: { transaction_type: string }) => i.transaction_type === 'credits_purchase'),
    ).toMatchObject({
      status: 'refunded',
      credit_notes: [{ credit_note_number: notes[0]!.creditNoteNumber, total_cents: 450 }],
    });

    // The next pack pays the debt first: 100 credits, all owed.
    await buyCredits(100);
    expect(await balance()).toEqual({ available: 0, debt: 100 });
    await buyCredits(1000); // 1000 + 150 bonus, 100 of them owed
    expect(await balance()).toEqual({ available: 1050, debt: 0 });
    const kinds = await t.app.db.prisma.creditLedgerEntry.findMany({
      where: { userId: fan.id },
      orderBy: { id: 'asc' },
      select: { kind: true, amount: true, debtChange: true },
    });
    expect(kinds.map((k) => [k.kind, k.amount, k.debtChange])).toEqual([
      ['purchased', 550, 0],
      ['spent', -200, 0],
      ['refunded', -350, 200],
      ['purchased', 100, 0],
      ['debt_paid', -100, -100],
      ['purchased', 1150, 0],
      ['debt_paid', -100, -100],
    ]);
    await expectLedgerInvariants(t.app);
  });
});

describe('a refunded subscription renewal on Stripe', () => {
  it('ends the period and the subscription, here and at Stripe, and takes back its credits, once', async () => {
    const subscriber = await member(t.app, 'subscriber@example.com');
    const tiers = (await subscriber.agent.get('/api/producer-tiers')).json() as {
      id: string;
      name: string;
    }[];
    const pro = tiers.find((tier) => tier.name === 'Pro')!;
    const res = await subscriber.agent.post('/api/user/subscribe', { tier_id: pro.id });
    expect(res.statusCode).toBe(200);
    const { session, subscription, invoice } = fake.paySubscription(res.json().checkout_url.split('/').pop());
    for (const [type, object] of [
      ['invoice.paid', invoice],
      ['checkout.session.completed', session],
    ] as const) {
      expect((await deliverWebhook(t.app, fake.event(type, object))).statusCode).toBe(200);
    }
    const renewal = fake.renewSubscription(subscription.id);
    expect((await deliverWebhook(t.app, fake.event('invoice.paid', renewal.invoice))).statusCode).toBe(200);
    const prisma = t.app.db.prisma;
    expect(await prisma.creditBalance.findUniqueOrThrow({ where: { userId: subscriber.id } })).toMatchObject({
      available: 1000,
    });
    const paidBy = (renewal.invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!;
    const charge = fake.charges.refundInDashboard(paidBy.payment.payment_intent);
    expect((await deliverWebhook(t.app, fake.event('charge.refunded', charge))).statusCode).toBe(200);
    expect((await deliverWebhook(t.app, fake.event('charge.refunded', charge))).statusCode).toBe(200);

    const period = await prisma.subscriptionPeriod.findFirstOrThrow({
      where: { paymentRef: String(renewal.invoice.id) },
    });
    expect(await prisma.refund.findMany({ where: { subscriptionPeriodId: period.id } })).toEqual([
      expect.objectContaining({ full: true, source: 'stripe', accountPaymentId: null }),
    ]);
    const sub = await prisma.subscription.findFirstOrThrow({ where: { userId: subscriber.id } });
    expect(sub).toMatchObject({ status: 'ended', endedAt: expect.any(Date) });
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    // The renewal's 500 credits go back; the first period's stay.
    expect(await prisma.creditBalance.findUniqueOrThrow({ where: { userId: subscriber.id } })).toMatchObject({
      available: 500,
      debt: 0,
    });
    const first = await prisma.subscriptionPeriod.findFirstOrThrow({
      where: { paymentRef: String(invoice.id) },
    });
    expect(first.periodEnd.getTime()).toBeGreaterThan(Date.now());
    await expectLedgerInvariants(t.app);
  });
});
