import { describe, expect, it } from 'vitest';
import { insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();
const prisma = () => ctx.t.app.db.prisma;

// A promotion paid by card goes through the account payments' local checkout: the page's Pay
// starts it (app.promotions.activatePaid) and writes its one invoice; Cancel drops it.
describe('a promotion paid by card on the local test checkout', () => {
  it('Pay starts the promotion once and invoices it once; Cancel leaves it unstarted', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { title: 'Boosted' });
    const res = await ctx.producer.agent.post(`/api/beats/${beat.id}/promote`, {
      promotion_type: 'featured_week',
      payment_method: 'card',
    });
    expect(res.statusCode).toBe(200);
    const { checkout_url, promotion_id } = res.json() as { checkout_url: string; promotion_id: string };
    const paymentId = checkout_url.split('/').pop()!;
    const page = await ctx.producer.agent.get(`/api/checkout/local/account/${paymentId}`);
    expect(page.json()).toMatchObject({ kind: 'promotion', amount_cents: 199, status: 'pending' });

    await Promise.all(
      [1, 2].map(() => ctx.producer.agent.post(`/api/checkout/local/account/${paymentId}/pay`)),
    );
    const promotions = (await ctx.producer.agent.get(`/api/beats/${beat.id}/promotions`)).json();
    expect(promotions).toMatchObject([{ id: promotion_id, status: 'active', type: 'featured_week' }]);
    expect(
      await prisma().invoice.findMany({ where: { userId: ctx.producer.id, transactionType: 'promotion' } }),
    ).toMatchObject([
      { sourceKey: `account-payment:${paymentId}`, totalCents: 199, paymentMethodType: 'card' },
    ]);

    const other = await insertPricedBeat(ctx.t.app, ctx.producer.id, { title: 'Not boosted' });
    const second = await ctx.producer.agent.post(`/api/beats/${other.id}/promote`, {
      promotion_type: 'homepage_boost',
      payment_method: 'card',
    });
    const secondId = (second.json().checkout_url as string).split('/').pop()!;
    await ctx.producer.agent.post(`/api/checkout/local/account/${secondId}/cancel`);
    const dropped = (await ctx.producer.agent.get(`/api/beats/${other.id}/promotions`)).json();
    expect(dropped).toMatchObject([{ status: 'cancelled' }]);
    expect(
      await prisma().invoice.count({ where: { userId: ctx.producer.id, transactionType: 'promotion' } }),
    ).toBe(1);
  });
});
