import { describe, expect, it } from 'vitest';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { CHECKOUT_CLOSED } from './local-checkout.service';

const ctx = useProducerAndBuyers();
const nobody = '00000000-0000-4000-8000-000000000000';

async function openOrder(beatPrice = 1000, license = 'premium', extra: Record<string, unknown> = {}) {
  const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, {
    priceCents: beatPrice,
    title: 'Night Drive',
  });
  const multiple = { basic: 1, premium: 2, exclusive: 10 }[license as 'basic'];
  const res = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: license,
    price_cents: beatPrice * multiple,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return { beat, orderId: res.json().order_id as string };
}

describe('the local checkout routes', () => {
  it.each(['GET', 'POST pay', 'POST cancel'])(
    '%s: 401 signed out, 404 for a malformed, unknown or someone else’s order',
    async (route) => {
      const { orderId } = await openOrder();
      const [method, action] = route.split(' ') as ['GET' | 'POST', string | undefined];
      const url = (id: string) => `/api/checkout/local/${id}${action ? `/${action}` : ''}`;
      expect((await ctx.t.app.inject({ method, url: url(orderId) })).statusCode).toBe(401);
      for (const id of ['nope', nobody, orderId]) {
        const res = await ctx.bob.agent.request({ method, url: url(id) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Order not found' });
      }
      const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
      expect(order.status).toBe('pending');
    },
  );

  it('shows the buyer their order summary', async () => {
    const { beat, orderId } = await openOrder(1250);
    const res = await ctx.ann.agent.get(`/api/checkout/local/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: orderId,
      beat_id: beat.id,
      beat_title: 'Night Drive',
      license_type: 'premium',
      license_name: 'Premium',
      amount_cents: 2500,
      currency: 'USD',
      status: 'pending',
      provider: 'local',
      payment_method_type: 'card',
      paid_at: null,
    });
  });

  it('Pay fulfils once: licence, invoice, ledger; paying again changes nothing', async () => {
    const { beat, orderId } = await openOrder(1000);
    const paid = await Promise.all(
      [1, 2, 3].map(() => ctx.ann.agent.post(`/api/checkout/local/${orderId}/pay`)),
    );
    for (const res of paid) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: orderId, status: 'paid' });
    }
    const prisma = ctx.t.app.db.prisma;
    expect(await prisma.license.findMany({ where: { orderId } })).toMatchObject([
      { buyerId: ctx.ann.id, beatId: beat.id, licenseType: 'premium' },
    ]);
    const [invoice] = await prisma.invoice.findMany({ where: { orderId } });
    expect(invoice).toMatchObject({
      userId: ctx.ann.id,
      transactionType: 'beat_purchase',
      status: 'paid',
      paymentProvider: 'local',
      paymentMethodType: 'card',
      currency: 'USD',
      subtotalCents: 2000,
      totalCents: 2000,
      items: [{ name: 'Night Drive (Premium licence)', quantity: 1, price: 2000 }],
    });
    expect(invoice!.invoiceNumber).toMatch(new RegExp(`^BR-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(await prisma.salesLedgerEntry.findMany({ where: { orderId } })).toMatchObject([
      { producerId: ctx.producer.id, grossCents: 2000, feeCents: 0, netCents: 2000, transferStatus: 'none' },
    ]);
    // A paid order cannot be cancelled.
    const cancel = await ctx.ann.agent.post(`/api/checkout/local/${orderId}/cancel`);
    expect(cancel.statusCode).toBe(409);
  });

  it('numbers invoices one after another and keeps the fee the order was made with', async () => {
    await ctx.t.app.db.prisma.platformSetting.update({
      where: { key: 'platform_fee_percent' },
      data: { value: 12.5 },
    });
    const { orderId: first } = await openOrder(999, 'basic');
    await ctx.t.app.db.prisma.platformSetting.update({
      where: { key: 'platform_fee_percent' },
      data: { value: 0 },
    });
    const { orderId: second } = await openOrder(999, 'basic');
    for (const id of [first, second]) await ctx.ann.agent.post(`/api/checkout/local/${id}/pay`);

    const prisma = ctx.t.app.db.prisma;
    const ledger = await prisma.salesLedgerEntry.findMany({ where: { orderId: { in: [first, second] } } });
    const byOrder = new Map(ledger.map((l) => [l.orderId, l]));
    expect(byOrder.get(first)).toMatchObject({ grossCents: 999, feeCents: 125, netCents: 874 });
    expect(Number(byOrder.get(first)!.feePercent)).toBe(12.5);
    expect(byOrder.get(second)).toMatchObject({ grossCents: 999, feeCents: 0, netCents: 999 });
    const numbers = (await prisma.invoice.findMany({ orderBy: { invoiceNumber: 'asc' } })).map((i) =>
      Number(i.invoiceNumber.slice(-6)),
    );
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('Cancel ends the checkout and releases an exclusive; a cancelled order cannot be paid', async () => {
    const { beat, orderId } = await openOrder(1000, 'exclusive');
    const res = await ctx.ann.agent.post(`/api/checkout/local/${orderId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', status_reason: 'Cancelled by the buyer' });
    const pay = await ctx.ann.agent.post(`/api/checkout/local/${orderId}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ error: CHECKOUT_CLOSED.cancelled });
    expect(await ctx.t.app.db.prisma.license.count({ where: { orderId } })).toBe(0);
    const other = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 10_000,
    });
    expect(other.statusCode).toBe(200);
  });

  it('an expired checkout cannot be paid', async () => {
    const { orderId } = await openOrder();
    await ctx.t.app.db.prisma.order.update({
      where: { id: orderId },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const res = await ctx.ann.agent.post(`/api/checkout/local/${orderId}/pay`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: CHECKOUT_CLOSED.expired });
    expect((await ctx.ann.agent.get(`/api/checkout/local/${orderId}`)).json().status).toBe('expired');
  });

  it('fulfilment called many times at once for one order grants one licence and one invoice', async () => {
    const { orderId } = await openOrder(700, 'basic');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.t.app.fulfilment.fulfil(orderId, { paymentId: `local_pay_${orderId}`, amountCents: 700 }),
      ),
    );
    expect(results.filter((r) => r.outcome === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'already_paid')).toHaveLength(19);
    const prisma = ctx.t.app.db.prisma;
    expect(await prisma.license.count({ where: { orderId } })).toBe(1);
    expect(await prisma.invoice.count({ where: { orderId } })).toBe(1);
    expect(await prisma.salesLedgerEntry.count({ where: { orderId } })).toBe(1);
  });
});

describe('saved payment methods (local test cards)', () => {
  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/payment/methods' })).statusCode).toBe(401);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/payment/methods/${nobody}` })).statusCode,
    ).toBe(401);
  });

  it('saves a test card when asked, charges it at once, and only its owner can delete it', async () => {
    const methods = async (agent = ctx.ann.agent) => (await agent.get('/api/payment/methods')).json();
    expect(await methods()).toEqual([]);
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
    await buyLocally(ctx.ann.agent, beat, 'basic', { save_payment_method: true });
    const [card] = await methods();
    expect(card).toMatchObject({
      payment_type: 'card',
      card_brand: 'visa',
      card_last_four: '4242',
      card_exp_month: 12,
      paypal_email: null,
      is_default: true,
    });
    expect(await methods(ctx.bob.agent)).toEqual([]);

    // A saved method is charged at once: no checkout page (an upgrade: the difference).
    const res = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'premium',
      price_cents: 500,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_id: expect.any(String), status: 'paid' });
    expect(await ctx.t.app.db.prisma.license.count({ where: { buyerId: ctx.ann.id, beatId: beat.id } })).toBe(
      2,
    );

    // Someone else's method: unknown to them, both to pay with and to delete.
    const stolen = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'basic',
      price_cents: 500,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (await ctx.bob.agent.request({ method: 'DELETE', url: `/api/payment/methods/${card.id}` })).statusCode,
    ).toBe(404);
    expect(await methods()).toHaveLength(1);

    const del = await ctx.ann.agent.request({ method: 'DELETE', url: `/api/payment/methods/${card.id}` });
    expect(del.statusCode).toBe(204);
    expect(await methods()).toEqual([]);
  });

  it('PayPal saves the buyer’s address; nothing is saved unless asked', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
    await buyLocally(ctx.bob.agent, beat, 'basic');
    expect((await ctx.bob.agent.get('/api/payment/methods')).json()).toEqual([]);
    await buyLocally(ctx.bob.agent, beat, 'premium', { payment_method: 'paypal', save_payment_method: true });
    expect((await ctx.bob.agent.get('/api/payment/methods')).json()).toMatchObject([
      { payment_type: 'paypal', paypal_email: 'bob@example.com', card_last_four: null, is_default: true },
    ]);
  });

  it('Apple Pay validation is not available without Stripe', async () => {
    const res = await ctx.ann.agent.post('/api/payment/apple-pay/validate', {
      validationURL: 'https://apple.example/v',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Apple Pay is not available' });
    expect((await ctx.ann.agent.post('/api/payment/apple-pay/validate', {})).statusCode).toBe(400);
  });
});
