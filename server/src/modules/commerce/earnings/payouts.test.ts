import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook, FakeStripe } from '../../../../test/fake-stripe';
import { addConnect } from '../../../../test/fake-stripe-connect';
import { createTestApp } from '../../../../test/helpers';
import { insertPricedBeat } from '../../../../test/selling-fixtures';

let fake: FakeStripe;
let connect: ReturnType<typeof addConnect>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Awaited<ReturnType<typeof member>>;
let fan: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  connect = addConnect(fake);
  t = await createTestApp({}, fake.env());
  producer = await member(t.app, 'producer@example.com');
  fan = await member(t.app, 'fan@example.com');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A fan buys a basic licence through Stripe Checkout; Stripe's webhook fulfils it. */
async function stripeSale(beat: { id: string; priceCents: number }) {
  const res = await fan.agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: 'basic',
    price_cents: beat.priceCents,
  });
  expect(res.statusCode).toBe(200);
  const { order_id, checkout_url } = res.json() as { order_id: string; checkout_url: string };
  const { session } = fake.pay(checkout_url.split('/').pop()!);
  expect((await deliverWebhook(t.app, fake.event('checkout.session.completed', session))).statusCode).toBe(
    200,
  );
  return order_id;
}

const earnings = async (who = producer) => {
  const res = await who.agent.get('/api/users/me/earnings');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ledger = (orderId: string) =>
  t.app.db.prisma.salesLedgerEntry.findFirstOrThrow({ where: { orderId, kind: 'sale' } });
const stripeCalls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path);

describe('payouts through Stripe Connect', () => {
  let firstSale: string;
  let accountId: string;

  it('a sale of an unconnected producer waits in the ledger', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1500 });
    firstSale = await stripeSale(beat);
    expect(await ledger(firstSale)).toMatchObject({
      netCents: 1500,
      transferStatus: 'pending',
      transferId: null,
    });
    expect((await earnings()).payout).toEqual({ status: 'not_connected', pending_transfer_cents: 1500 });
  });

  it('POST /api/payouts/onboarding: 401 signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/payouts/onboarding' })).statusCode).toBe(401);
  });

  it('opens one Express account per producer and a fresh onboarding link each time', async () => {
    const first = await producer.agent.post('/api/payouts/onboarding');
    expect(first.statusCode).toBe(200);
    const [created] = stripeCalls('POST', '/v1/accounts');
    expect(created?.params).toMatchObject({
      type: 'express',
      email: 'producer@example.com',
      metadata: { user_id: producer.id },
    });
    accountId = [...connect.accounts.keys()][0]!;
    expect(first.json()).toEqual({
      url: expect.stringContaining(`https://connect.stripe.test/setup/e/${accountId}/`),
    });
    expect(stripeCalls('POST', '/v1/account_links')[0]?.params).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.publicUrl}/earnings?payouts=done`,
      refresh_url: `${t.config.publicUrl}/earnings?payouts=retry`,
    });

    const again = await producer.agent.post('/api/payouts/onboarding');
    expect(again.json().url).not.toBe(first.json().url);
    expect(connect.accounts.size).toBe(1);
    expect(await t.app.db.prisma.payoutAccount.findUnique({ where: { userId: producer.id } })).toMatchObject({
      accountId,
      chargesEnabled: false,
    });
    // Until onboarding is finished the account cannot be paid; nothing moves.
    expect((await earnings()).payout).toEqual({ status: 'pending', pending_transfer_cents: 1500 });
    expect(connect.transfers.size).toBe(0);
  });

  it('once the producer finishes onboarding, the waiting earnings are transferred once', async () => {
    connect.complete(accountId);
    // Back from Stripe's pages: the earnings page reads the account and pays what waited.
    const [a, b] = await Promise.all([earnings(), earnings()]);
    for (const body of [a, b]) expect(body.payout.status).toBe('active');
    expect((await earnings()).payout).toEqual({ status: 'active', pending_transfer_cents: 0 });
    expect([...connect.transfers.values()]).toEqual([
      expect.objectContaining({
        amount: 1500,
        currency: 'usd',
        destination: accountId,
        transfer_group: firstSale,
      }),
    ]);
    const row = await ledger(firstSale);
    expect(row).toMatchObject({
      transferStatus: 'transferred',
      transferId: [...connect.transfers.keys()][0],
    });
    expect(row.transferredAt).toBeInstanceOf(Date);
  });

  it('a signed account.updated webhook transfers for another producer, and repeating it pays nothing twice', async () => {
    const other = await member(t.app, 'other-producer@example.com');
    const beat = await insertPricedBeat(t.app, other.id, { priceCents: 700 });
    const sale = await stripeSale(beat);
    await other.agent.post('/api/payouts/onboarding');
    const account = await t.app.db.prisma.payoutAccount.findUniqueOrThrow({ where: { userId: other.id } });
    const enabled = connect.complete(account.accountId);

    const before = connect.transfers.size;
    const updated = () => deliverWebhook(t.app, fake.event('account.updated', enabled));
    const answers = await Promise.all([updated(), updated()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await updated()).statusCode).toBe(200);
    expect(connect.transfers.size).toBe(before + 1);
    expect(await ledger(sale)).toMatchObject({ transferStatus: 'transferred' });
    expect(
      await t.app.db.prisma.payoutAccount.findUniqueOrThrow({ where: { userId: other.id } }),
    ).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  });

  it('after connecting, a sale pays the producer directly (destination charge): nothing left to transfer', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 900 });
    const transfers = connect.transfers.size;
    const sale = await stripeSale(beat);
    expect(await ledger(sale)).toMatchObject({ transferStatus: 'destination' });
    const body = await earnings();
    expect(body.totals).toMatchObject({ sales: 2, gross_cents: 2400, net_cents: 2400 });
    expect(body.payout).toEqual({ status: 'active', pending_transfer_cents: 0 });
    expect(connect.transfers.size).toBe(transfers);
  });

  it('a failed transfer stays pending and goes out on a later page load', async () => {
    const late = await member(t.app, 'late@example.com');
    const beat = await insertPricedBeat(t.app, late.id, { priceCents: 400 });
    const sale = await stripeSale(beat);
    await late.agent.post('/api/payouts/onboarding');
    const account = await t.app.db.prisma.payoutAccount.findUniqueOrThrow({ where: { userId: late.id } });
    connect.complete(account.accountId);

    fake.failing.add('POST /v1/transfers');
    expect((await earnings(late)).payout).toEqual({ status: 'active', pending_transfer_cents: 400 });
    expect(await ledger(sale)).toMatchObject({ transferStatus: 'pending' });
    fake.failing.delete('POST /v1/transfers');
    expect((await earnings(late)).payout).toEqual({ status: 'active', pending_transfer_cents: 0 });
    expect(await ledger(sale)).toMatchObject({ transferStatus: 'transferred' });
  });
});
