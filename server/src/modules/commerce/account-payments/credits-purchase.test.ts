import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { ACCOUNT_CHECKOUT_CLOSED, ACCOUNT_PAYMENT_NOT_FOUND } from './account-local-checkout';

const ctx = useProducerAndBuyers();
// Every test here moves money: the ledger's invariants hold after each.
afterEach(async () => expectLedgerInvariants(ctx.t.app));
const nobody = '00000000-0000-4000-8000-000000000000';
const prisma = () => ctx.t.app.db.prisma;

/** Opens a credits purchase as a browser does; answers the payment id from the checkout_url. */
async function buy(agent = ctx.ann.agent, credits = 1000, extra: Record<string, unknown> = {}) {
  const res = await agent.post('/api/user/credits/purchase', { credits_amount: credits, ...extra });
  expect(res.statusCode).toBe(200);
  const { checkout_url } = res.json() as { checkout_url: string };
  expect(checkout_url).toMatch(/^http:\/\/localhost:3000\/checkout\/local\/account\/[0-9a-f-]{36}$/);
  return checkout_url.split('/').pop()!;
}

async function balance(agent = ctx.ann.agent) {
  const res = await agent.get('/api/user/credits');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    credits: { credits_available: number; credits_total_purchased: number };
    transactions: { description: string; amount: number; balance_after: number }[];
  };
}

describe('POST /api/user/credits/purchase (local test checkout)', () => {
  it('401 signed out; 400 for a pack that does not exist or a saved method without id; nothing opened', async () => {
    const before = await prisma().accountPayment.count();
    const anon = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/user/credits/purchase',
      payload: { credits_amount: 1000 },
    });
    expect(anon.statusCode).toBe(401);
    for (const body of [
      { credits_amount: 123 },
      { credits_amount: '1000' },
      {},
      { credits_amount: 1000, payment_method: 'saved' },
      { credits_amount: 1000, payment_method: 'bitcoin' },
    ]) {
      const res = await ctx.ann.agent.post('/api/user/credits/purchase', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const unknownMethod = await ctx.ann.agent.post('/api/user/credits/purchase', {
      credits_amount: 1000,
      payment_method: 'saved',
      saved_payment_method_id: 'pm_not_mine',
    });
    expect(unknownMethod.statusCode).toBe(404);
    expect(unknownMethod.json()).toEqual({ error: PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND });
    expect(await prisma().accountPayment.count()).toBe(before);
  });

  it('end to end through HTTP: the page shows the pack, Pay credits it with its bonus once and invoices it', async () => {
    const id = await buy(ctx.ann.agent, 1000);
    const page = await ctx.ann.agent.get(`/api/checkout/local/account/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      id,
      kind: 'credits',
      description: '1,000 credits (+150 bonus)',
      amount_cents: 850,
      currency: 'USD',
      status: 'pending',
      provider: 'local',
      payment_method_type: 'card',
      paid_at: null,
      return_path: '/settings?section=credits',
    });
    expect((await balance()).credits.credits_available).toBe(0);

    // A double click and a retry: one payment, one grant, one invoice.
    const paid = await Promise.all(
      [1, 2, 3].map(() => ctx.ann.agent.post(`/api/checkout/local/account/${id}/pay`)),
    );
    for (const res of paid) expect(res.json()).toMatchObject({ id, status: 'paid' });
    const after = await balance();
    expect(after.credits).toMatchObject({ credits_available: 1150, credits_total_purchased: 1150 });
    expect(after.transactions).toMatchObject([
      { description: 'Purchased 1,000 credits (+150 bonus)', amount: 1150, balance_after: 1150 },
    ]);
    const invoices = await prisma().invoice.findMany({ where: { sourceKey: `account-payment:${id}` } });
    expect(invoices).toMatchObject([
      {
        userId: ctx.ann.id,
        transactionType: 'credits_purchase',
        paymentProvider: 'local',
        paymentMethodType: 'card',
        subtotalCents: 850,
        totalCents: 850,
        items: [{ name: '1,000 credits (+150 bonus)', quantity: 1, price: 850 }],
      },
    ]);
    const listed = await ctx.ann.agent.get('/api/invoices');
    expect(listed.json().invoices.map((i: { transaction_type: string }) => i.transaction_type)).toContain(
      'credits_purchase',
    );

    // A paid payment cannot be cancelled; a retried completion credits nothing more.
    expect((await ctx.ann.agent.post(`/api/checkout/local/account/${id}/cancel`)).statusCode).toBe(409);
    const retried = await Promise.all(
      [1, 2, 3, 4].map(() =>
        ctx.t.app.accountCheckout.complete(id, { paymentId: `local_pay_${id}`, amountCents: 850 }),
      ),
    );
    expect(retried).toEqual(['already_paid', 'already_paid', 'already_paid', 'already_paid']);
    expect((await balance()).credits.credits_available).toBe(1150);
  });

  it.each(['GET', 'POST pay', 'POST cancel'])(
    'the page %s: 401 signed out, 404 for a malformed, unknown or someone else’s payment',
    async (route) => {
      const id = await buy(ctx.ann.agent, 100);
      const [method, action] = route.split(' ') as ['GET' | 'POST', string | undefined];
      const url = (p: string) => `/api/checkout/local/account/${p}${action ? `/${action}` : ''}`;
      expect((await ctx.t.app.inject({ method, url: url(id) })).statusCode).toBe(401);
      for (const p of ['nope', nobody, id]) {
        const res = await ctx.bob.agent.request({ method, url: url(p) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: ACCOUNT_PAYMENT_NOT_FOUND });
      }
      expect((await prisma().accountPayment.findUniqueOrThrow({ where: { id } })).status).toBe('pending');
    },
  );

  it('Cancel closes the checkout; a cancelled or expired one cannot be paid and credits nothing', async () => {
    const cancelled = await buy(ctx.bob.agent, 500);
    const res = await ctx.bob.agent.post(`/api/checkout/local/account/${cancelled}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    const pay = await ctx.bob.agent.post(`/api/checkout/local/account/${cancelled}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ error: ACCOUNT_CHECKOUT_CLOSED.cancelled });

    const expired = await buy(ctx.bob.agent, 500);
    await prisma().accountPayment.update({
      where: { id: expired },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await ctx.t.app.accountCheckout.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await ctx.bob.agent.get(`/api/checkout/local/account/${expired}`)).json().status).toBe('expired');
    expect((await ctx.bob.agent.post(`/api/checkout/local/account/${expired}/pay`)).statusCode).toBe(409);
    expect((await balance(ctx.bob.agent)).credits.credits_available).toBe(0);
  });

  it('a saved method (kept from a checkout with "save" ticked) pays at once', async () => {
    const first = await buy(ctx.producer.agent, 100, { save_payment_method: true });
    await ctx.producer.agent.post(`/api/checkout/local/account/${first}/pay`);
    const [method] = (await ctx.producer.agent.get('/api/payment/methods')).json() as { id: string }[];
    expect(method).toBeDefined();

    const res = await ctx.producer.agent.post('/api/user/credits/purchase', {
      credits_amount: 2500,
      payment_method: 'saved',
      saved_payment_method_id: method!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paid: true });
    expect((await balance(ctx.producer.agent)).credits).toMatchObject({
      credits_available: 100 + 3000,
      credits_total_purchased: 3100,
    });
    // Someone else's saved method is not found, and nothing is charged.
    const stolen = await ctx.ann.agent.post('/api/user/credits/purchase', {
      credits_amount: 100,
      payment_method: 'saved',
      saved_payment_method_id: method!.id,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('a payment of the wrong amount is refused and credits nothing', async () => {
    const id = await buy(ctx.bob.agent, 100);
    expect(
      await ctx.t.app.accountCheckout.complete(id, { paymentId: 'local_pay_short', amountCents: 1 }),
    ).toBe('refund');
    expect((await prisma().accountPayment.findUniqueOrThrow({ where: { id } })).status).toBe('failed');
    expect((await balance(ctx.bob.agent)).credits.credits_available).toBe(0);
  });
});
