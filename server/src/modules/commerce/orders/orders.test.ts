import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { describe, expect, it } from 'vitest';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { BEAT_SOLD } from '../../catalogue/beats/beats.service';
import { EXPIRE_RESERVATIONS } from './order-jobs';
import { WALLET_UNAVAILABLE } from './orders.service';

const ctx = useProducerAndBuyers();
const nobody = '00000000-0000-4000-8000-000000000000';

const purchase = (agent: typeof ctx.ann.agent, beatId: string, body: Record<string, unknown>) =>
  agent.post(`/api/beats/${beatId}/purchase`, body);
const orderCount = () => ctx.t.app.db.prisma.order.count();

describe('GET /api/beats/{id}/licenses', () => {
  it('404s for an unknown or malformed beat', async () => {
    for (const id of [nobody, 'nope']) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/beats/${id}/licenses` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Beat not found' });
    }
  });

  it('lists Basic, Premium, Trackout and Exclusive at 1x, 2x, 5x and 10x, signed in or not', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2999 });
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}/licenses` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      { license_type: 'basic', name: 'Basic', price_cents: 2999, popular: false, available: true },
      { license_type: 'premium', name: 'Premium', price_cents: 5998, popular: true, available: true },
      { license_type: 'trackout', name: 'Trackout', price_cents: 14_995, popular: false, available: true },
      { license_type: 'exclusive', name: 'Exclusive', price_cents: 29_990, popular: false, available: true },
    ]);
    expect(res.json()[1].features).toContain('WAV and MP3 files');
  });

  it('has no licences for a free beat', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { isFree: true, priceCents: 0 });
    expect((await ctx.ann.agent.get(`/api/beats/${beat.id}/licenses`)).json()).toEqual([]);
  });
});

describe('POST /api/beats/{id}/purchase', () => {
  it('401 signed out, whatever the body', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    for (const payload of [{ license_type: 'basic', price_cents: 2999 }, { nonsense: true }]) {
      const res = await ctx.t.app.inject({ method: 'POST', url: `/api/beats/${beat.id}/purchase`, payload });
      expect(res.statusCode).toBe(401);
    }
    expect(await orderCount()).toBe(0);
  });

  it('400 for a bad body, 404 for an unknown beat; nothing is ordered', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    for (const body of [
      {},
      { license_type: 'gold', price_cents: 2999 },
      { license_type: 'basic', price_cents: -1 },
      { license_type: 'basic', price_cents: 2999, payment_method: 'cash' },
      { license_type: 'basic', price_cents: 2999, payment_method: 'saved' },
    ]) {
      const res = await purchase(ctx.ann.agent, beat.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const missing = await purchase(ctx.ann.agent, nobody, { license_type: 'basic', price_cents: 2999 });
    expect(missing.statusCode).toBe(404);
    expect(await orderCount()).toBe(0);
  });

  it('403 for your own beat; 400 for a free one; 400 for wallets without Stripe', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    const own = await purchase(ctx.producer.agent, beat.id, { license_type: 'basic', price_cents: 2999 });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: PURCHASE_ERRORS.OWN_BEAT });

    const free = await insertPricedBeat(ctx.t.app, ctx.producer.id, { isFree: true, priceCents: 0 });
    const res = await purchase(ctx.ann.agent, free.id, { license_type: 'basic', price_cents: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PURCHASE_ERRORS.FREE_BEAT });

    const wallet = await purchase(ctx.ann.agent, beat.id, {
      license_type: 'basic',
      price_cents: 2999,
      payment_method: 'apple_pay',
    });
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json()).toEqual({ error: WALLET_UNAVAILABLE.apple_pay });
    expect(await orderCount()).toBe(0);
  });

  it('409 with the current price when the shown price is stale', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1500 });
    const res = await purchase(ctx.ann.agent, beat.id, { license_type: 'premium', price_cents: 1500 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PURCHASE_ERRORS.PRICE_CHANGED, price_cents: 3000 });
    expect(await orderCount()).toBe(0);
  });

  it('opens a local checkout for a new card; the order is pending for 30 minutes', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const before = Date.now();
    const res = await purchase(ctx.ann.agent, beat.id, { license_type: 'premium', price_cents: 2000 });
    expect(res.statusCode).toBe(200);
    const { order_id, checkout_url } = res.json();
    expect(checkout_url).toBe(`http://localhost:3000/checkout/local/${order_id}`);
    const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: order_id } });
    expect(order).toMatchObject({
      buyerId: ctx.ann.id,
      producerId: ctx.producer.id,
      licenseType: 'premium',
      amountCents: 2000,
      status: 'pending',
      provider: 'local',
      paymentMethodType: 'card',
    });
    const minutes = (order.expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.5);
  });

  it('409 when the buyer already holds the licence', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    await buyLocally(ctx.ann.agent, beat, 'basic');
    const again = await purchase(ctx.ann.agent, beat.id, { license_type: 'basic', price_cents: 1000 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PURCHASE_ERRORS.ALREADY_HELD });
    // A higher licence of the same beat is still for sale to them, for the difference.
    expect(
      (await purchase(ctx.ann.agent, beat.id, { license_type: 'premium', price_cents: 1000 })).statusCode,
    ).toBe(200);
  });
});

describe('exclusive licences', () => {
  it('reserve the beat for one buyer; others get 409 until the reservation runs out', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const body = { license_type: 'exclusive', price_cents: 10_000 };
    const first = await purchase(ctx.ann.agent, beat.id, body);
    expect(first.statusCode).toBe(200);

    const second = await purchase(ctx.bob.agent, beat.id, body);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'This beat is being purchased by another buyer' });
    const cards = (await ctx.bob.agent.get(`/api/beats/${beat.id}/licenses`)).json();
    expect(cards.map((c: { available: boolean }) => c.available)).toEqual([true, true, true, false]);
    // The buyer holding the reservation still sees it as theirs to buy.
    expect((await ctx.ann.agent.get(`/api/beats/${beat.id}/licenses`)).json()[2].available).toBe(true);

    // Thirty minutes later the job releases it.
    await ctx.t.app.db.prisma.order.update({
      where: { id: first.json().order_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await ctx.t.app.fulfilment.expireReservations()).toBeGreaterThanOrEqual(1);
    const order = await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: first.json().order_id } });
    expect(order).toMatchObject({ status: 'expired', statusReason: 'Checkout expired' });
    expect((await purchase(ctx.bob.agent, beat.id, body)).statusCode).toBe(200);
  });

  it('the scheduled job releases run-out checkouts', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const res = await purchase(ctx.ann.agent, beat.id, { license_type: 'exclusive', price_cents: 10_000 });
    const id = res.json().order_id as string;
    await ctx.t.app.db.prisma.order.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await ctx.t.app.jobs.send(EXPIRE_RESERVATIONS, {});
    await ctx.t.app.jobs.drained(EXPIRE_RESERVATIONS);
    expect((await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id } })).status).toBe('expired');
  });

  it('a run-out reservation never blocks a buyer, even before the job runs', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const body = { license_type: 'exclusive', price_cents: 10_000 };
    const first = await purchase(ctx.ann.agent, beat.id, body);
    await ctx.t.app.db.prisma.order.update({
      where: { id: first.json().order_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await purchase(ctx.bob.agent, beat.id, body)).statusCode).toBe(200);
  });

  it('two buyers racing for one exclusive: one order, the other 409', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const body = { license_type: 'exclusive', price_cents: 10_000 };
    const answers = await Promise.all([
      purchase(ctx.ann.agent, beat.id, body),
      purchase(ctx.bob.agent, beat.id, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const open = await ctx.t.app.db.prisma.order.count({ where: { beatId: beat.id, status: 'pending' } });
    expect(open).toBe(1);
  });

  it('once sold, the beat leaves browse and search and nothing more is for sale', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, {
      priceCents: 1000,
      title: 'Sold Once Anthem',
    });
    const listed = async () => {
      const page = (await ctx.t.app.inject({ method: 'GET', url: '/api/beats?limit=100' })).json();
      const found = (
        await ctx.t.app.inject({ method: 'GET', url: '/api/beats?search=Sold%20Once%20Anthem' })
      ).json();
      return [page, found].map((list: { id: string }[]) => list.some((b) => b.id === beat.id));
    };
    expect(await listed()).toEqual([true, true]);

    await buyLocally(ctx.ann.agent, beat, 'exclusive');
    const row = await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } });
    expect(row.soldExclusiveAt).not.toBeNull();
    expect(await listed()).toEqual([false, false]);
    // Its page is still there (for the buyer and producer), with nothing left to buy.
    const page = await ctx.bob.agent.get(`/api/beats/${beat.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: beat.id, sold_exclusively: true });
    const cards = (await ctx.bob.agent.get(`/api/beats/${beat.id}/licenses`)).json();
    expect(cards.map((c: { available: boolean }) => c.available)).toEqual([false, false, false, false]);
    for (const [license_type, price_cents] of [
      ['basic', 1000],
      ['exclusive', 10_000],
    ] as const) {
      const res = await purchase(ctx.bob.agent, beat.id, { license_type, price_cents });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: PURCHASE_ERRORS.SOLD_EXCLUSIVE });
    }
  });
});

describe('deleting a beat that was sold', () => {
  it('is refused (409) once a licence was sold; unpaid orders alone do not stop it', async () => {
    const sold = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    await buyLocally(ctx.ann.agent, sold, 'basic');
    const res = await ctx.producer.agent.request({ method: 'DELETE', url: `/api/beats/${sold.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: BEAT_SOLD });
    expect(await ctx.t.app.db.prisma.beat.count({ where: { id: sold.id } })).toBe(1);

    const unsold = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    expect(
      (await purchase(ctx.bob.agent, unsold.id, { license_type: 'basic', price_cents: 1000 })).statusCode,
    ).toBe(200);
    const gone = await ctx.producer.agent.request({ method: 'DELETE', url: `/api/beats/${unsold.id}` });
    expect(gone.statusCode).toBe(204);
    expect(await ctx.t.app.db.prisma.order.count({ where: { beatId: unsold.id } })).toBe(0);
  });
});
