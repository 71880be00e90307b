import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

// A deletion racing a Pay: account deletion and fulfilment take their locks in one order (the
// user's row first), so they run one after the other instead of deadlocking into two 500s, and
// whichever comes second sees the other's result. Meaningful on real PostgreSQL
// (TEST_DATABASE_URL); the embedded database runs one transaction at a time.
const ctx = useProducerAndBuyers();
const prisma = () => ctx.t.app.db.prisma;
const ROUNDS = 6;

describe('account deletion racing payments', () => {
  it('a Pay for a licence and for a credits pack at the moment the buyer deletes the account: no 500, nothing kept by a deleted account', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = await member(ctx.t.app, `race.buyer.${round}@example.com`);
      const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
      const order = await buyer.agent.post(`/api/beats/${beat.id}/purchase`, {
        license_type: 'basic',
        price_cents: 500,
      });
      expect(order.statusCode).toBe(200);
      const orderId = order.json().order_id as string;
      const pack = await buyer.agent.post('/api/user/credits/purchase', { credits_amount: 100 });
      expect(pack.statusCode).toBe(200);
      const packId = (pack.json().checkout_url as string).split('/').pop()!;

      const [payOrder, payPack, deletion] = await Promise.all([
        buyer.agent.post(`/api/checkout/local/${orderId}/pay`),
        buyer.agent.post(`/api/checkout/local/account/${packId}/pay`),
        buyer.agent.request({ method: 'DELETE', url: '/api/account/delete', payload: { confirm: 'DELETE' } }),
      ]);
      for (const res of [payOrder, payPack, deletion]) expect(res.statusCode, res.body).toBeLessThan(500);
      expect(deletion.statusCode).toBe(200);

      const user = await prisma().user.findUniqueOrThrow({ where: { id: buyer.id } });
      expect(user.deletedAt).not.toBeNull();
      // Paid before the deletion (and kept, as any purchase), or refused: never granted after.
      const paid = await prisma().order.findUniqueOrThrow({ where: { id: orderId } });
      const licences = await prisma().license.findMany({ where: { orderId } });
      if (paid.status === 'paid') {
        expect(licences).toHaveLength(1);
        expect(licences[0]!.createdAt.getTime()).toBeLessThanOrEqual(user.deletedAt!.getTime());
      } else {
        expect(licences).toHaveLength(0);
      }
      expect(await prisma().creditLedgerEntry.count({ where: { userId: buyer.id } })).toBe(0);
      expect(await prisma().creditBalance.findUnique({ where: { userId: buyer.id } })).toBeNull();
      await expectLedgerInvariants(ctx.t.app);
    }
  }, 120_000);

  it('a producer deleting the account while a buyer pays for one of their beats: no 500, no sale for a deleted seller', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const seller = await member(ctx.t.app, `race.seller.${round}@example.com`);
      const beat = await insertPricedBeat(ctx.t.app, seller.id, { priceCents: 700 });
      const order = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
        license_type: 'basic',
        price_cents: 700,
      });
      expect(order.statusCode).toBe(200);
      const orderId = order.json().order_id as string;
      const [pay, deletion] = await Promise.all([
        ctx.ann.agent.post(`/api/checkout/local/${orderId}/pay`),
        seller.agent.request({
          method: 'DELETE',
          url: '/api/account/delete',
          payload: { confirm: 'DELETE' },
        }),
      ]);
      for (const res of [pay, deletion]) expect(res.statusCode, res.body).toBeLessThan(500);
      expect(deletion.statusCode).toBe(200);
      const sales = await prisma().salesLedgerEntry.findMany({ where: { orderId, kind: 'sale' } });
      const deletedAt = (await prisma().user.findUniqueOrThrow({ where: { id: seller.id } })).deletedAt!;
      for (const sale of sales) expect(sale.createdAt.getTime()).toBeLessThanOrEqual(deletedAt.getTime());
      await expectLedgerInvariants(ctx.t.app);
    }
  }, 120_000);
});
