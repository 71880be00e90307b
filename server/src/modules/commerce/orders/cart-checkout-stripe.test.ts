import { describe, expect, it } from 'vitest';
import { deliverWebhook } from '../../../../test/fake-stripe';
import { insertPricedBeat, useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyersOnStripe();

describe('a cart checked out through Stripe', () => {
  it('one Checkout Session with a line item per beat; its webhook fulfils every line once', async () => {
    const a = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1500, title: 'Harbour' });
    const b = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2500, title: 'Lantern' });
    await ctx.ann.agent.post('/api/cart', { beat_id: a.id, license_type: 'basic' });
    await ctx.ann.agent.post('/api/cart', { beat_id: b.id, license_type: 'premium' });
    const res = await ctx.ann.agent.post('/api/cart/checkout', {
      payment_method: 'new_card',
      save_payment_method: false,
    });
    expect(res.statusCode).toBe(200);
    const { order_id, checkout_url } = res.json();
    const request = ctx.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').pop()!;
    expect(request.params).toMatchObject({
      client_reference_id: order_id,
      line_items: [
        {
          quantity: '1',
          price_data: { unit_amount: '1500', product_data: { name: 'Harbour (Basic licence)' } },
        },
        {
          quantity: '1',
          price_data: { unit_amount: '5000', product_data: { name: 'Lantern (Premium licence)' } },
        },
      ],
    });
    // No destination charge: the producer's shares wait for Connect transfers.
    expect((request.params as { payment_intent_data: object }).payment_intent_data).not.toHaveProperty(
      'transfer_data',
    );
    const { session } = ctx.fake.pay(checkout_url.split('/').pop()!);
    const completed = ctx.fake.event('checkout.session.completed', session);
    const answers = await Promise.all([1, 2].map(() => deliverWebhook(ctx.t.app, completed)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const p = ctx.t.app.db.prisma;
    expect((await p.order.findUniqueOrThrow({ where: { id: order_id } })).status).toBe('paid');
    expect(await p.license.count({ where: { orderId: order_id } })).toBe(2);
    const sales = await p.salesLedgerEntry.findMany({ where: { orderId: order_id, kind: 'sale' } });
    expect(sales.map((s) => [s.grossCents, s.transferStatus]).sort()).toEqual([
      [1500, 'pending'],
      [5000, 'pending'],
    ]);
  });
});
