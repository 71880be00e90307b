import { licencePriceCents } from '@beatroom/shared/format-money';
import { PURCHASE_ERRORS, type LicenseOption } from '@beatroom/shared/money-contract';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { UPGRADE_BASE_GONE } from './order-fulfilment';
import { LICENSE_REPLACED } from './orders.repository';

// A holder of a lower licence upgrades for the difference: GET /licenses prices it for them,
// the purchase checks that price on the server, and the upgrade is its own order, licence and
// invoice line that replaces the lower licence.
const ctx = useProducerAndBuyers();
const prisma = () => ctx.t.app.db.prisma;

const cards = async (agent: typeof ctx.ann.agent | null, beatId: string) => {
  const res = agent
    ? await agent.get(`/api/beats/${beatId}/licenses`)
    : await ctx.t.app.inject({ method: 'GET', url: `/api/beats/${beatId}/licenses` });
  expect(res.statusCode).toBe(200);
  return res.json() as LicenseOption[];
};
const purchase = (agent: typeof ctx.ann.agent, beatId: string, body: Record<string, unknown>) =>
  agent.post(`/api/beats/${beatId}/purchase`, body);
const pay = (agent: typeof ctx.ann.agent, orderId: string) =>
  agent.post(`/api/checkout/local/${orderId}/pay`);

describe('GET /api/beats/{id}/licenses for a holder', () => {
  it('offers a Basic holder Premium and Exclusive for the difference; others see full prices', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2000 });
    await buyLocally(ctx.ann.agent, beat, 'basic');

    const ann = await cards(ctx.ann.agent, beat.id);
    expect(ann.map((o) => [o.license_type, o.price_cents, o.available, o.held, o.upgrade_from])).toEqual([
      ['basic', 2000, false, true, null],
      ['premium', 2000, true, false, 'basic'],
      ['trackout', 8000, true, false, 'basic'],
      ['exclusive', 18_000, true, false, 'basic'],
    ]);
    // Bob (someone else) and a visitor are offered the full prices.
    for (const other of [await cards(ctx.bob.agent, beat.id), await cards(null, beat.id)]) {
      expect(other.map((o) => [o.price_cents, o.available, o.held, o.upgrade_from])).toEqual([
        [2000, true, false, null],
        [4000, true, false, null],
        [10_000, true, false, null],
        [20_000, true, false, null],
      ]);
    }
  });

  it('gives the list price in the currency the beat was listed in', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2359 });
    await prisma().beat.update({
      where: { id: beat.id },
      data: { listPriceCents: 1999, listCurrency: 'EUR' },
    });
    const options = await cards(ctx.bob.agent, beat.id);
    expect(options.map((o) => [o.price_cents, o.list_price_cents, o.list_currency])).toEqual([
      [2359, 1999, 'EUR'],
      [4718, 3998, 'EUR'],
      [11_795, 9995, 'EUR'],
      [23_590, 19_990, 'EUR'],
    ]);
  });
});

describe('POST /api/beats/{id}/purchase as an upgrade', () => {
  it('401 signed out, 400 for bad input; nothing is ordered', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2000 });
    await buyLocally(ctx.ann.agent, beat, 'basic');
    const before = await prisma().order.count();
    const signedOut = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/beats/${beat.id}/purchase`,
      payload: { license_type: 'premium', price_cents: 2000 },
    });
    expect(signedOut.statusCode).toBe(401);
    for (const body of [{ license_type: 'premium' }, { license_type: 'premium', price_cents: 'half' }]) {
      expect((await purchase(ctx.ann.agent, beat.id, body)).statusCode).toBe(400);
    }
    expect(await prisma().order.count()).toBe(before);
  });

  it('409 with the difference for the full (or any other) price; 409 for the licence held', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2000 });
    await buyLocally(ctx.ann.agent, beat, 'basic');
    const before = await prisma().order.count();
    for (const price of [4000, 1999, 0]) {
      const res = await purchase(ctx.ann.agent, beat.id, { license_type: 'premium', price_cents: price });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: PURCHASE_ERRORS.PRICE_CHANGED, price_cents: 2000 });
    }
    const again = await purchase(ctx.ann.agent, beat.id, { license_type: 'basic', price_cents: 2000 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PURCHASE_ERRORS.ALREADY_HELD });
    // Someone else's price: Bob holds nothing and cannot pay Ann's difference.
    const bob = await purchase(ctx.bob.agent, beat.id, { license_type: 'premium', price_cents: 2000 });
    expect(bob.statusCode).toBe(409);
    expect(bob.json().price_cents).toBe(4000);
    expect(await prisma().order.count()).toBe(before);
  });

  it('is its own order, licence and invoice line, and replaces the Basic licence', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, {
      title: 'Upgrade Me',
      priceCents: 2000,
    });
    const basicOrder = await buyLocally(ctx.ann.agent, beat, 'basic');
    const res = await purchase(ctx.ann.agent, beat.id, { license_type: 'premium', price_cents: 2000 });
    expect(res.statusCode).toBe(200);
    const { order_id } = res.json() as { order_id: string };
    const paid = await pay(ctx.ann.agent, order_id);
    expect(paid.json()).toMatchObject({ status: 'paid', amount_cents: 2000, license_type: 'premium' });

    const order = await prisma().order.findUniqueOrThrow({ where: { id: order_id } });
    expect(order).toMatchObject({ amountCents: 2000, upgradeFrom: 'basic', currency: 'USD' });
    const licences = await prisma().license.findMany({
      where: { buyerId: ctx.ann.id, beatId: beat.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(licences.map((l) => [l.licenseType, l.orderId, l.revokedReason])).toEqual([
      ['basic', basicOrder, LICENSE_REPLACED],
      ['premium', order_id, null],
    ]);
    const invoice = await prisma().invoice.findUniqueOrThrow({ where: { orderId: order_id } });
    expect(invoice.totalCents).toBe(2000);
    expect(invoice.items).toEqual([
      { name: 'Upgrade Me (upgrade from Basic to Premium licence)', quantity: 1, price: 2000 },
    ]);
    // The Basic purchase stays on its own invoice.
    expect(await prisma().invoice.count({ where: { orderId: basicOrder } })).toBe(1);
    // Now a Premium holder: only Trackout and the exclusive are left, less everything paid (2000 + 2000).
    const now = await cards(ctx.ann.agent, beat.id);
    expect(now.map((o) => [o.license_type, o.price_cents, o.available, o.held, o.upgrade_from])).toEqual([
      ['basic', 2000, false, false, null],
      ['premium', 4000, false, true, null],
      ['trackout', 6000, true, false, 'premium'],
      ['exclusive', 16_000, true, false, 'premium'],
    ]);
  });

  it('an exclusive upgrade follows the exclusive rules: sold once, the beat leaves the store', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1500 });
    await buyLocally(ctx.ann.agent, beat, 'basic');
    await buyLocally(ctx.bob.agent, beat, 'basic');
    const exclusive = licencePriceCents(1500, 'exclusive') - 1500;
    const ann = await purchase(ctx.ann.agent, beat.id, { license_type: 'exclusive', price_cents: exclusive });
    expect(ann.statusCode).toBe(200);
    // Ann's open checkout reserves it: Bob's upgrade to it is refused meanwhile.
    const bob = await purchase(ctx.bob.agent, beat.id, { license_type: 'exclusive', price_cents: exclusive });
    expect(bob.statusCode).toBe(409);
    expect(bob.json()).toEqual({ error: PURCHASE_ERRORS.RESERVED });
    expect((await pay(ctx.ann.agent, ann.json().order_id)).json().status).toBe('paid');

    const sold = await prisma().beat.findUniqueOrThrow({ where: { id: beat.id } });
    expect(sold.soldExclusiveAt).not.toBeNull();
    const list = await ctx.t.app.inject({ method: 'GET', url: '/api/beats?limit=100' });
    expect((list.json() as { id: string }[]).map((b) => b.id)).not.toContain(beat.id);
    expect((await cards(ctx.bob.agent, beat.id)).every((o) => !o.available)).toBe(true);
  });

  it('an upgrade refunded by an admin gives the Basic licence back', async () => {
    const admin = await member(ctx.t.app, 'upgrade-admin@example.com');
    await prisma().user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1200 });
    const basicOrder = await buyLocally(ctx.ann.agent, beat, 'basic');
    const upgradeOrder = await buyLocally(ctx.ann.agent, beat, 'premium');
    const res = await admin.agent.post(`/api/admin/orders/${upgradeOrder}/refund`, {
      reason: 'Wrong licence',
    });
    expect(res.statusCode).toBe(200);
    const licences = await prisma().license.findMany({ where: { buyerId: ctx.ann.id, beatId: beat.id } });
    expect(Object.fromEntries(licences.map((l) => [l.orderId, [l.licenseType, l.revokedReason]]))).toEqual({
      [basicOrder]: ['basic', null],
      [upgradeOrder]: ['premium', 'refunded'],
    });
    // Basic again: Premium is offered for the difference once more.
    const again = await cards(ctx.ann.agent, beat.id);
    expect(again.map((o) => [o.license_type, o.held, o.upgrade_from, o.price_cents])).toEqual([
      ['basic', true, null, 1200],
      ['premium', false, 'basic', 1200],
      ['trackout', false, 'basic', 4800],
      ['exclusive', false, 'basic', 10_800],
    ]);
  });

  it('refunds an upgrade whose lower licence was taken back before it was paid', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    await buyLocally(ctx.ann.agent, beat, 'basic');
    const res = await purchase(ctx.ann.agent, beat.id, { license_type: 'premium', price_cents: 1000 });
    const { order_id } = res.json() as { order_id: string };
    await prisma().license.updateMany({
      where: { buyerId: ctx.ann.id, beatId: beat.id, licenseType: 'basic' },
      data: { revokedAt: new Date(), revokedReason: 'refunded' },
    });
    const paid = await pay(ctx.ann.agent, order_id);
    expect(paid.json()).toMatchObject({ status: 'refunded', status_reason: UPGRADE_BASE_GONE });
    expect(await prisma().license.count({ where: { orderId: order_id } })).toBe(0);
  });
});
