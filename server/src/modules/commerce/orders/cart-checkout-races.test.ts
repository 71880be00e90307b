import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

// Run on real PostgreSQL (TEST_DATABASE_URL) these races are decided by the row locks.
const ctx = useProducerAndBuyers();
const checkout = (agent: typeof ctx.ann.agent, body: Record<string, unknown> = {}) =>
  agent.post('/api/cart/checkout', { payment_method: 'new_card', save_payment_method: false, ...body });
const add = (agent: typeof ctx.ann.agent, beatId: string, license_type = 'basic') =>
  agent.post('/api/cart', { beat_id: beatId, license_type });

describe('cart checkouts at the same moment', () => {
  it('the last use of a coupon raced by several buyers: one checkout wins, the others 409', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    await ctx.producer.agent.post('/api/coupons', { code: 'LAST1', kind: 'percent', value: 20, max_uses: 1 });
    const buyers = await Promise.all(
      [1, 2, 3, 4].map((n) => member(ctx.t.app, `coupon-racer-${n}@example.com`)),
    );
    for (const buyer of buyers) await add(buyer.agent, beat.id);
    const answers = await Promise.all(buyers.map((b) => checkout(b.agent, { coupon_code: 'LAST1' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json().error).toBe(COUPON_ERRORS.USED_UP);
    }
    const coupon = await ctx.t.app.db.prisma.coupon.findUniqueOrThrow({ where: { code: 'LAST1' } });
    expect(await ctx.t.app.db.prisma.couponRedemption.count({ where: { couponId: coupon.id } })).toBe(1);
    // Only the winner's order exists: the losers' were rolled back with their reservation.
    const orders = await ctx.t.app.db.prisma.order.count({
      where: { buyerId: { in: buyers.map((b) => b.id) } },
    });
    expect(orders).toBe(1);
  });

  it('one exclusive in two carts checked out at once: one order holds it, the other is 409', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000, title: 'Only one' });
    const other = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
    for (const agent of [ctx.ann.agent, ctx.bob.agent]) {
      await add(agent, other.id);
      await add(agent, beat.id, 'exclusive');
    }
    const answers = await Promise.all([checkout(ctx.ann.agent), checkout(ctx.bob.agent)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json()).toMatchObject({ error: `Only one: ${PURCHASE_ERRORS.RESERVED}`, beat_id: beat.id });
    const won = answers.find((a) => a.statusCode === 200)!.json().order_id as string;
    const holders = await ctx.t.app.db.prisma.orderLine.count({
      where: { beatId: beat.id, licenseType: 'exclusive', order: { status: 'pending' } },
    });
    expect(holders).toBe(1);
    const buyer = (await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: won } })).buyerId;
    const winner = buyer === ctx.ann.id ? ctx.ann : ctx.bob;
    expect((await winner.agent.post(`/api/checkout/local/${won}/pay`)).json().status).toBe('paid');
    await expectLedgerInvariants(ctx.t.app.db.prisma);
  });

  it('one cart paid twice: Pay pressed twice at once fulfils once; two checkouts paid refund the second', async () => {
    const a = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 700 });
    const b = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 900 });
    const buyer = await member(ctx.t.app, 'pays-twice@example.com');
    await add(buyer.agent, a.id);
    await add(buyer.agent, b.id);
    const first = (await checkout(buyer.agent)).json().order_id as string;
    const second = (await checkout(buyer.agent)).json().order_id as string;
    expect(second).not.toBe(first);
    const p = ctx.t.app.db.prisma;
    expect((await p.order.findUniqueOrThrow({ where: { id: first } })).status).toBe('cancelled');

    const pays = await Promise.all(
      [1, 2, 3].map(() => buyer.agent.post(`/api/checkout/local/${second}/pay`)),
    );
    expect(pays.every((r) => r.statusCode === 200 && r.json().status === 'paid')).toBe(true);
    expect(await p.license.count({ where: { orderId: second } })).toBe(2);
    expect(await p.salesLedgerEntry.count({ where: { orderId: second, kind: 'sale' } })).toBe(2);

    // The replaced checkout's payment (a late provider event) is taken back whole.
    await ctx.t.app.fulfilment.fulfil(first, { paymentId: `pi_late_${first}`, amountCents: 1600 });
    const late = await p.order.findUniqueOrThrow({ where: { id: first } });
    expect(late).toMatchObject({ status: 'refunded', statusReason: PURCHASE_ERRORS.ALREADY_HELD });
    expect(await p.license.count({ where: { orderId: first } })).toBe(0);
    await expectLedgerInvariants(p);
  });
});
