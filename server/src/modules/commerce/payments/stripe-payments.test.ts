import { describe, expect, it } from 'vitest';
import { deliverWebhook } from '../../../../test/fake-stripe';
import { insertPricedBeat, useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyersOnStripe();

/** The Checkout Session fields these tests read, as the fake parsed them from the form. */
interface SessionParams extends Record<string, unknown> {
  customer?: string;
  expires_at?: string;
  allowed_payment_method_types?: string[];
  payment_intent_data: Record<string, unknown> & { setup_future_usage?: string };
}

const sessionRequests = () =>
  ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('purchases through Stripe', () => {
  it('open a Checkout Session: one customer per user, 30 minutes, the order in metadata', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2500, title: 'Blue Hour' });
    const before = Math.floor(Date.now() / 1000);
    const res = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'premium',
      price_cents: 5000,
    });
    expect(res.statusCode).toBe(200);
    const { order_id, checkout_url } = res.json();
    expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [request] = sessionRequests().slice(-1);
    const params = request!.params as SessionParams;
    expect(params).toMatchObject({
      mode: 'payment',
      client_reference_id: order_id,
      metadata: { order_id },
      allowed_payment_method_types: ['card'],
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '5000',
            product_data: { name: 'Blue Hour (Premium licence)' },
          },
        },
      ],
      payment_intent_data: { metadata: { order_id } },
    });
    expect(params.payment_intent_data.setup_future_usage).toBeUndefined();
    expect(request!.idempotencyKey).toBe(`checkout-${order_id}`);
    const minutes = (Number(params.expires_at) - before) / 60;
    expect(minutes).toBeGreaterThanOrEqual(30);
    expect(minutes).toBeLessThan(32);
    const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: order_id } });
    expect(order).toMatchObject({ provider: 'stripe', providerSessionId: checkout_url.split('/').pop() });

    // A second purchase by the same user reuses their customer.
    await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'basic',
      price_cents: 2500,
      payment_method: 'paypal',
      save_payment_method: true,
    });
    const last = sessionRequests().slice(-1)[0]!.params as SessionParams;
    expect(last.customer).toBe(params.customer);
    expect(last.allowed_payment_method_types).toEqual(['paypal']);
    expect(last.payment_intent_data.setup_future_usage).toBe('off_session');
    expect(ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers')).toHaveLength(
      1,
    );
    expect(await ctx.t.app.db.prisma.paymentCustomer.count({ where: { userId: ctx.ann.id } })).toBe(1);
  });

  it('starting again replaces the buyer’s open checkout and closes the old session at Stripe', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 400 });
    const body = { license_type: 'exclusive', price_cents: 4000 };
    const first = (await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, body)).json();
    const second = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, body);
    expect(second.statusCode).toBe(200);
    const old = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: first.order_id } });
    expect(old.status).toBe('cancelled');
    expect(ctx.fake.sessions.get(old.providerSessionId!)?.status).toBe('expired');
  });

  it('a producer with a connected account is paid by a destination charge, minus the platform fee', async () => {
    await ctx.t.app.db.prisma.payoutAccount.create({
      data: {
        userId: ctx.producer.id,
        accountId: 'acct_producer',
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
      },
    });
    await ctx.t.app.db.prisma.platformSetting.update({
      where: { key: 'platform_fee_percent' },
      data: { value: 10 },
    });
    try {
      const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1999 });
      const res = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
        license_type: 'basic',
        price_cents: 1999,
      });
      const params = sessionRequests().slice(-1)[0]!.params as SessionParams;
      expect(params.payment_intent_data).toMatchObject({
        application_fee_amount: '200',
        transfer_data: { destination: 'acct_producer' },
      });
      const { session } = ctx.fake.pay(res.json().checkout_url.split('/').pop());
      await deliverWebhook(ctx.t.app, ctx.fake.event('checkout.session.completed', session));
      const ledger = await ctx.t.app.db.prisma.salesLedgerEntry.findFirstOrThrow({
        where: { orderId: res.json().order_id, kind: 'sale' },
      });
      expect(ledger).toMatchObject({
        grossCents: 1999,
        feeCents: 200,
        netCents: 1799,
        transferStatus: 'destination',
      });
    } finally {
      await ctx.t.app.db.prisma.payoutAccount.delete({ where: { userId: ctx.producer.id } });
      await ctx.t.app.db.prisma.platformSetting.update({
        where: { key: 'platform_fee_percent' },
        data: { value: 0 },
      });
    }
  });
});

describe('saved methods with Stripe', () => {
  it('are listed from Stripe, charged off-session at once, and deletable by their owner only', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 300 });
    // Ann has a Stripe customer from earlier purchases; give it a saved card (as Checkout would).
    const customerId = (
      await ctx.t.app.db.prisma.paymentCustomer.findFirstOrThrow({ where: { userId: ctx.ann.id } })
    ).customerId;
    const card = ctx.fake.addCard(customerId, {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 7,
      exp_year: 2031,
    });
    ctx.fake.customers.get(customerId)!.invoice_settings = { default_payment_method: card.id };

    const list = await ctx.ann.agent.get('/api/payment/methods');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      id: card.id,
      payment_type: 'card',
      card_brand: 'mastercard',
      card_last_four: '4444',
      card_exp_month: 7,
      card_exp_year: 2031,
      paypal_email: null,
      is_default: true,
    });
    expect((await ctx.bob.agent.get('/api/payment/methods')).json()).not.toContainEqual(
      expect.objectContaining({ id: card.id }),
    );

    const bobTries = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'basic',
      price_cents: 300,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(bobTries.statusCode).toBe(404);

    const res = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'basic',
      price_cents: 300,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_id: expect.any(String), status: 'paid' });
    const charge = ctx.fake.requests.filter((r) => r.path === '/v1/payment_intents').slice(-1)[0]!;
    expect(charge.params).toMatchObject({
      amount: '300',
      customer: customerId,
      payment_method: card.id,
      off_session: 'true',
      confirm: 'true',
    });
    const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: res.json().order_id } });
    expect(order.status).toBe('paid');
    // Stripe's later payment_intent.succeeded for the same charge changes nothing.
    const intent = ctx.fake.paymentIntents.get(order.providerPaymentId!)!;
    expect(
      (await deliverWebhook(ctx.t.app, ctx.fake.event('payment_intent.succeeded', intent))).statusCode,
    ).toBe(200);
    expect(await ctx.t.app.db.prisma.license.count({ where: { orderId: order.id } })).toBe(1);

    expect(
      (await ctx.bob.agent.request({ method: 'DELETE', url: `/api/payment/methods/${card.id}` })).statusCode,
    ).toBe(404);
    expect(ctx.fake.paymentMethods.get(card.id)?.customer).toBe(customerId);
    expect(
      (await ctx.ann.agent.request({ method: 'DELETE', url: `/api/payment/methods/${card.id}` })).statusCode,
    ).toBe(204);
    expect(ctx.fake.paymentMethods.get(card.id)?.customer).toBeNull();
    expect(
      (await ctx.ann.agent.request({ method: 'DELETE', url: '/api/payment/methods/pm_unknown' })).statusCode,
    ).toBe(404);
  });

  it('a declined saved card is a 402; the order fails and holds nothing', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 300 });
    const customerId = (
      await ctx.t.app.db.prisma.paymentCustomer.findFirstOrThrow({ where: { userId: ctx.ann.id } })
    ).customerId;
    const card = ctx.fake.addCard(customerId);
    ctx.fake.declined.add(card.id);
    const res = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 3000,
      payment_method: 'saved',
      saved_payment_method_id: card.id,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Your card was declined.' });
    const order = await ctx.t.app.db.prisma.order.findFirstOrThrow({ where: { beatId: beat.id } });
    expect(order).toMatchObject({ status: 'failed', statusReason: 'Your card was declined.' });
    // The exclusive is not left reserved by a failed charge.
    expect(
      (
        await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
          license_type: 'exclusive',
          price_cents: 3000,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('Apple Pay and Google Pay through Stripe', () => {
  it('validation says Stripe validates; completing charges the wallet’s method and fulfils', async () => {
    const validate = await ctx.ann.agent.post('/api/payment/apple-pay/validate', {
      validationURL: 'https://apple-pay-gateway.apple.com/x',
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toEqual({ provider: 'stripe' });
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/payment/apple-pay/validate', payload: {} }))
        .statusCode,
    ).toBe(401);

    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 250 });
    const apple = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase/apple-pay/complete`, {
      payment: { payment_method: 'pm_from_apple_pay' },
      license_type: 'basic',
      price_cents: 250,
    });
    expect(apple.statusCode).toBe(200);
    expect(apple.json()).toEqual({ order_id: expect.any(String), status: 'paid' });
    const google = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase/google-pay/complete`, {
      payment_response: { payment_method: 'pm_from_google_pay' },
      license_type: 'premium',
      price_cents: 999,
    });
    expect(google.statusCode).toBe(409);
    // Ann holds Basic now: Premium is quoted as the difference, 500 - 250.
    expect(google.json()).toEqual({ error: 'The price has changed', price_cents: 250 });
    const bad = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase/google-pay/complete`, {
      license_type: 'premium',
    });
    expect(bad.statusCode).toBe(400);
    const orders = await ctx.t.app.db.prisma.order.findMany({ where: { beatId: beat.id } });
    expect(orders.map((o) => [o.paymentMethodType, o.status])).toEqual([['apple_pay', 'paid']]);
  });
});
