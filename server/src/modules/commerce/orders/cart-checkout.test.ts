import { CART_ERRORS } from '@beatroom/shared/cart-contract';
import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, member } from '../../../../test/community-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();
let second: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
const checkout = (agent: typeof ctx.ann.agent, body: Record<string, unknown> = {}) =>
  agent.post('/api/cart/checkout', { payment_method: 'new_card', save_payment_method: false, ...body });
const add = (agent: typeof ctx.ann.agent, beatId: string, license_type = 'basic') =>
  agent.post('/api/cart', { beat_id: beatId, license_type });

beforeAll(async () => {
  second = await member(ctx.t.app, 'second-producer@example.com');
  admin = await member(ctx.t.app, 'cart-admin@example.com');
  await ctx.t.app.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});

beforeEach(async () => {
  await ctx.t.app.db.prisma.cartLine.deleteMany();
  await ctx.t.app.db.prisma.bulkDeal.deleteMany();
});

describe('POST /api/cart/checkout', () => {
  it('401 signed out, whatever the body; nothing is ordered', async () => {
    const before = await ctx.t.app.db.prisma.order.count();
    for (const payload of [{ payment_method: 'new_card', save_payment_method: false }, { nonsense: 1 }]) {
      const res = await ctx.t.app.inject({ method: 'POST', url: '/api/cart/checkout', payload });
      expect(res.statusCode).toBe(401);
    }
    expect(await ctx.t.app.db.prisma.order.count()).toBe(before);
  });

  it('400 for a loose or bad body; 409 for an empty cart; nothing is ordered', async () => {
    const before = await ctx.t.app.db.prisma.order.count();
    for (const body of [
      { payment_method: 'cash' },
      { price_cents: 100 },
      { save_payment_method: 'yes' },
      { payment_method: 'saved' },
      { coupon_code: '' },
    ]) {
      const res = await checkout(ctx.ann.agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const empty = await checkout(ctx.ann.agent);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ error: CART_ERRORS.EMPTY });
    expect(await ctx.t.app.db.prisma.order.count()).toBe(before);
  });

  it('one order of three lines, one invoice, a licence and a sale row per line; the cart empties', async () => {
    const a = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000, title: 'Alpha' });
    const b = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2000, title: 'Bravo' });
    const c = await insertPricedBeat(ctx.t.app, second.id, { priceCents: 3000, title: 'Charlie' });
    await add(ctx.ann.agent, a.id);
    await add(ctx.ann.agent, b.id, 'premium');
    await add(ctx.ann.agent, c.id, 'exclusive');
    await ctx.producer.agent.post('/api/coupons', { code: 'CART10', kind: 'percent', value: 10 });
    const shown = (await ctx.ann.agent.get('/api/cart?coupon_code=CART10')).json();
    expect(shown.totals.discount_cents).toBe(500);

    const res = await checkout(ctx.ann.agent, { coupon_code: 'cart10' });
    expect(res.statusCode).toBe(200);
    const { order_id, checkout_url } = res.json();
    expect(checkout_url).toContain(order_id);
    const p = ctx.t.app.db.prisma;
    const order = await p.order.findUniqueOrThrow({ where: { id: order_id }, include: { lines: true } });
    expect(order.amountCents).toBe(shown.totals.total_cents);
    expect(order.lines.map((l) => [l.beatId, l.licenseType, l.amountCents, l.discountCents])).toEqual([
      [a.id, 'basic', 900, 100],
      [b.id, 'premium', 3600, 400],
      [c.id, 'exclusive', 30000, 0],
    ]);
    expect(await p.couponRedemption.findMany({ where: { orderId: order_id } })).toMatchObject([
      { status: 'reserved' },
    ]);
    // The exclusive in the cart's third line is reserved: nobody else can start buying it.
    const other = await ctx.bob.agent.post(`/api/beats/${c.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 30000,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe(PURCHASE_ERRORS.RESERVED);

    const page = await ctx.ann.agent.get(`/api/checkout/local/${order_id}`);
    expect(page.json().lines.map((l: { beat_title: string }) => l.beat_title)).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    const paid = await ctx.ann.agent.post(`/api/checkout/local/${order_id}/pay`);
    expect(paid.json().status).toBe('paid');

    const licences = await p.license.findMany({ where: { orderId: order_id }, orderBy: { beatId: 'asc' } });
    expect(licences).toHaveLength(3);
    expect(licences.every((l) => l.orderLineId)).toBe(true);
    const sales = await p.salesLedgerEntry.findMany({ where: { orderId: order_id, kind: 'sale' } });
    expect(sales.map((s) => [s.beatId, s.producerId, s.grossCents]).sort()).toEqual(
      [
        [a.id, ctx.producer.id, 900],
        [b.id, ctx.producer.id, 3600],
        [c.id, second.id, 30000],
      ].sort(),
    );
    const invoice = await p.invoice.findUniqueOrThrow({ where: { orderId: order_id } });
    expect(invoice).toMatchObject({ subtotalCents: 35000, discountCents: 500, totalCents: 34500 });
    expect(invoice.items).toEqual([
      { name: 'Alpha (Basic licence)', quantity: 1, price: 1000, discount: 100, discount_reason: 'coupon' },
      { name: 'Bravo (Premium licence)', quantity: 1, price: 4000, discount: 400, discount_reason: 'coupon' },
      { name: 'Charlie (Exclusive licence)', quantity: 1, price: 30000 },
    ]);
    expect(await p.cartLine.count({ where: { userId: ctx.ann.id } })).toBe(0);
    expect(await p.couponRedemption.findMany({ where: { orderId: order_id } })).toMatchObject([
      { status: 'used' },
    ]);
    expect((await p.beat.findUniqueOrThrow({ where: { id: c.id } })).soldExclusiveAt).not.toBeNull();
    // The coupon was used once by Ann: not again.
    const d = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    await add(ctx.ann.agent, d.id);
    const again = await checkout(ctx.ann.agent, { coupon_code: 'CART10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(COUPON_ERRORS.ALREADY_USED);

    // An admin refund of the order takes every line back.
    const refund = await admin.agent.post(`/api/admin/orders/${order_id}/refund`, { reason: 'Asked' });
    expect(refund.statusCode).toBe(200);
    const reversals = await p.salesLedgerEntry.findMany({ where: { orderId: order_id, kind: 'reversal' } });
    expect(reversals.map((r) => [r.beatId, r.grossCents]).sort()).toEqual(
      [
        [a.id, -900],
        [b.id, -3600],
        [c.id, -30000],
      ].sort(),
    );
    expect(await p.license.count({ where: { orderId: order_id, revokedAt: null } })).toBe(0);
    expect((await p.beat.findUniqueOrThrow({ where: { id: c.id } })).soldExclusiveAt).toBeNull();
    expect(await p.couponRedemption.findMany({ where: { orderId: order_id } })).toMatchObject([
      { status: 'released' },
    ]);
    // The buyer hears of the order once; each producer of what was taken back once, with their lines.
    await eventually(async () => {
      const told = await p.notification.findMany({ where: { type: 'order_refunded' } });
      expect(Object.fromEntries(told.map((n) => [n.userId, n.message]))).toEqual({
        [ctx.ann.id]: expect.stringMatching(/^Your order was refunded: \$345\.00 back/),
        [ctx.producer.id]: expect.stringMatching(
          /^A sale of Alpha \(Basic licence\), Bravo \(Premium licence\) was refunded/,
        ),
        [second.id]: expect.stringMatching(/^A sale of Charlie \(Exclusive licence\) was refunded/),
      });
    });
    await expectLedgerInvariants(p);
  });

  it('409 naming the beat whose price changed since the cart was shown; then it goes through', async () => {
    const a = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000, title: 'Steady' });
    const b = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000, title: 'Moving' });
    await add(ctx.ann.agent, a.id);
    await add(ctx.ann.agent, b.id);
    await ctx.ann.agent.get('/api/cart');
    await ctx.t.app.db.prisma.beat.update({ where: { id: b.id }, data: { priceCents: 1500 } });
    const before = await ctx.t.app.db.prisma.order.count();
    const res = await checkout(ctx.ann.agent);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: CART_ERRORS.PRICE_CHANGED('Moving'),
      beat_id: b.id,
      price_cents: 1500,
    });
    expect(await ctx.t.app.db.prisma.order.count()).toBe(before);
    expect((await checkout(ctx.ann.agent)).statusCode).toBe(200);
  });

  it('409 naming an exclusive another buyer reserved or bought meanwhile, before any payment', async () => {
    const x = await insertPricedBeat(ctx.t.app, second.id, { priceCents: 1000, title: 'Wanted' });
    await add(ctx.ann.agent, x.id, 'exclusive');
    await ctx.ann.agent.get('/api/cart');
    await buyLocally(ctx.bob.agent, x, 'exclusive');
    const res = await checkout(ctx.ann.agent);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: `Wanted: ${PURCHASE_ERRORS.SOLD_EXCLUSIVE}`, beat_id: x.id });
  });
});
