import { CART_ERRORS } from '@beatroom/shared/cart-contract';
import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();
const nobody = '00000000-0000-4000-8000-000000000000';

const add = (agent: typeof ctx.ann.agent, body: Record<string, unknown>) => agent.post('/api/cart', body);
const lineCount = () => ctx.t.app.db.prisma.cartLine.count();

beforeEach(async () => {
  await ctx.t.app.db.prisma.cartLine.deleteMany();
  await ctx.t.app.db.prisma.coupon.deleteMany();
  await ctx.t.app.db.prisma.bulkDeal.deleteMany();
});

describe('cart routes: signed out', () => {
  it('401 for every route, whatever the input; nothing is written', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    for (const [method, url, payload] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart', { beat_id: beat.id, license_type: 'basic' }],
      ['POST', '/api/cart', { nonsense: true }],
      ['DELETE', `/api/cart/${nobody}`, undefined],
      ['DELETE', '/api/cart/nope', undefined],
    ] as const) {
      const res = await ctx.t.app.inject({ method, url, payload });
      expect(res.statusCode).toBe(401);
    }
    expect(await lineCount()).toBe(0);
  });
});

describe('POST /api/cart', () => {
  it('400 for a bad or loose body, 404 for an unknown beat', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    for (const body of [
      {},
      { beat_id: beat.id },
      { beat_id: beat.id, license_type: 'gold' },
      { beat_id: 'nope', license_type: 'basic' },
      { beat_id: beat.id, license_type: 'basic', price_cents: 1 },
    ]) {
      const res = await add(ctx.ann.agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const missing = await add(ctx.ann.agent, { beat_id: nobody, license_type: 'basic' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Beat not found' });
    expect(await lineCount()).toBe(0);
  });

  it('refuses one’s own beat, a free beat, a sold exclusive and a licence already held', async () => {
    const own = await insertPricedBeat(ctx.t.app, ctx.ann.id);
    const ownRes = await add(ctx.ann.agent, { beat_id: own.id, license_type: 'basic' });
    expect(ownRes.statusCode).toBe(403);
    expect(ownRes.json()).toEqual({ error: PURCHASE_ERRORS.OWN_BEAT });

    const free = await insertPricedBeat(ctx.t.app, ctx.producer.id, { isFree: true, priceCents: 0 });
    const freeRes = await add(ctx.ann.agent, { beat_id: free.id, license_type: 'basic' });
    expect(freeRes.statusCode).toBe(400);
    expect(freeRes.json()).toEqual({ error: PURCHASE_ERRORS.FREE_BEAT });

    const sold = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    await buyLocally(ctx.bob.agent, sold, 'exclusive');
    const soldRes = await add(ctx.ann.agent, { beat_id: sold.id, license_type: 'basic' });
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json()).toEqual({ error: PURCHASE_ERRORS.SOLD_EXCLUSIVE });

    const held = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    await buyLocally(ctx.ann.agent, held, 'premium');
    const heldRes = await add(ctx.ann.agent, { beat_id: held.id, license_type: 'premium' });
    expect(heldRes.statusCode).toBe(409);
    expect(heldRes.json()).toEqual({ error: PURCHASE_ERRORS.ALREADY_HELD });
    expect(await lineCount()).toBe(0);
  });

  it('adds priced lines; the same beat again replaces its licence', async () => {
    const a = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2999 });
    const b = await insertPricedBeat(ctx.t.app, ctx.bob.id, { priceCents: 1000 });
    await add(ctx.ann.agent, { beat_id: a.id, license_type: 'basic' });
    const res = await add(ctx.ann.agent, { beat_id: b.id, license_type: 'premium' });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toMatchObject([
      { beat: { id: a.id, producer_id: ctx.producer.id }, license_type: 'basic', price_cents: 2999 },
      { beat: { id: b.id, producer_id: ctx.bob.id }, license_type: 'premium', price_cents: 2000 },
    ]);
    const again = await add(ctx.ann.agent, { beat_id: a.id, license_type: 'exclusive' });
    expect(again.json().lines).toHaveLength(2);
    expect(again.json().lines[0]).toMatchObject({
      license_type: 'exclusive',
      license_name: 'Exclusive',
      price_cents: 29_990,
      list_currency: 'USD',
      display_price_cents: 29_990,
      available: true,
      upgrade_from: null,
    });
    expect(again.json().totals).toEqual({
      line_count: 2,
      subtotal_cents: 31_990,
      discount_cents: 0,
      total_cents: 31_990,
      currency: 'USD',
      display_currency: 'USD',
      display_total_cents: 31_990,
    });
  });
});

describe('GET /api/cart', () => {
  it('shows prices in the buyer’s currency and prices an upgrade at the difference', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2000 });
    await buyLocally(ctx.bob.agent, beat, 'basic');
    await add(ctx.bob.agent, { beat_id: beat.id, license_type: 'premium' });
    await ctx.t.app.db.prisma.userSettings.upsert({
      where: { userId: ctx.bob.id },
      create: { userId: ctx.bob.id, preferredCurrency: 'EUR' },
      update: { preferredCurrency: 'EUR' },
    });
    const res = await ctx.bob.agent.get('/api/cart');
    await ctx.t.app.db.prisma.userSettings.upsert({
      where: { userId: ctx.bob.id },
      create: { userId: ctx.bob.id, preferredCurrency: 'USD' },
      update: { preferredCurrency: 'USD' },
    });
    expect(res.statusCode).toBe(200);
    const [line] = res.json().lines;
    expect(line).toMatchObject({ price_cents: 2000, upgrade_from: 'basic', available: true });
    expect(line.display_price_cents).not.toBe(2000);
    expect(res.json().totals).toMatchObject({
      total_cents: 2000,
      display_currency: 'EUR',
      display_total_cents: line.display_price_cents,
    });
  });

  it('drops a line whose beat was sold exclusively meanwhile; another user’s cart is not shown', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    await add(ctx.ann.agent, { beat_id: beat.id, license_type: 'basic' });
    expect((await ctx.bob.agent.get('/api/cart')).json().lines).toEqual([]);
    await buyLocally(ctx.bob.agent, beat, 'exclusive');
    const res = await ctx.ann.agent.get('/api/cart');
    expect(res.json().lines).toEqual([]);
    expect(res.json().totals.total_cents).toBe(0);
    expect(await lineCount()).toBe(0);
  });
});

describe('an exclusive another buyer is checking out', () => {
  it('cannot be added, and a line already in the cart is shown unavailable, out of the totals', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    await add(ctx.ann.agent, { beat_id: beat.id, license_type: 'exclusive' });
    const checkout = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 10_000,
    });
    expect(checkout.statusCode).toBe(200);
    const res = await ctx.ann.agent.get('/api/cart');
    expect(res.json().lines).toMatchObject([{ license_type: 'exclusive', available: false }]);
    expect(res.json().totals).toMatchObject({ line_count: 1, total_cents: 0 });
    const again = await add(ctx.ann.agent, { beat_id: beat.id, license_type: 'exclusive' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PURCHASE_ERRORS.RESERVED });
  });
});

describe('DELETE /api/cart/{lineId}', () => {
  it('404 for a malformed or unknown line and for someone else’s; removes one’s own', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    const added = await add(ctx.ann.agent, { beat_id: beat.id, license_type: 'basic' });
    const lineId = added.json().lines[0].id as string;
    for (const [agent, id] of [
      [ctx.ann.agent, 'nope'],
      [ctx.ann.agent, nobody],
      [ctx.bob.agent, lineId],
    ] as const) {
      const res = await agent.request({ method: 'DELETE', url: `/api/cart/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CART_ERRORS.LINE_NOT_FOUND });
    }
    expect(await lineCount()).toBe(1);
    const res = await ctx.ann.agent.request({ method: 'DELETE', url: `/api/cart/${lineId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([]);
    expect(await lineCount()).toBe(0);
  });
});

describe('GET /api/cart with deals and a coupon', () => {
  async function cartOfThreeAndOne() {
    const beats = [
      await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 3000 }),
      await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 }),
      await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 2000 }),
      await insertPricedBeat(ctx.t.app, ctx.bob.id, { priceCents: 999 }),
    ];
    for (const beat of beats) await add(ctx.ann.agent, { beat_id: beat.id, license_type: 'basic' });
    return beats;
  }

  it('makes the cheapest of the producer’s lines free under their deal, automatically', async () => {
    await cartOfThreeAndOne();
    await ctx.producer.agent.request({
      method: 'PUT',
      url: '/api/deals',
      payload: { buy_count: 2, free_count: 1 },
    });
    const res = await ctx.ann.agent.get('/api/cart');
    expect(res.json().lines.map((l: { discount_cents: number }) => l.discount_cents)).toEqual([
      0, 1000, 0, 0,
    ]);
    expect(res.json().lines[1].discount_reason).toBe('deal');
    expect(res.json().totals).toMatchObject({
      subtotal_cents: 6999,
      discount_cents: 1000,
      total_cents: 5999,
    });
    expect(res.json().coupon).toBeNull();
  });

  it('applies a coupon to its producer’s lines, and says why one does not apply', async () => {
    const beats = await cartOfThreeAndOne();
    await ctx.producer.agent.post('/api/coupons', { code: 'TEN', kind: 'percent', value: 10 });
    await ctx.producer.agent.post('/api/coupons', {
      code: 'OLD',
      kind: 'fixed',
      value: 500,
      expires_at: '2020-01-01T00:00:00.000Z',
    });
    await ctx.producer.agent.post('/api/coupons', {
      code: 'ELSEWHERE',
      kind: 'fixed',
      value: 500,
      beat_ids: [],
    });
    await ctx.ann.agent.post('/api/coupons', { code: 'MINE', kind: 'percent', value: 50 });
    const res = await ctx.ann.agent.get('/api/cart?coupon_code=ten');
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((l: { discount_cents: number }) => l.discount_cents)).toEqual([
      300, 100, 200, 0,
    ]);
    expect(res.json().totals).toMatchObject({ discount_cents: 600, total_cents: 6399 });
    expect(res.json().coupon).toEqual({ code: 'TEN', error: null });

    for (const [code, error] of [
      ['NOPE', COUPON_ERRORS.INVALID],
      ['OLD', COUPON_ERRORS.EXPIRED],
      ['MINE', COUPON_ERRORS.INVALID],
    ]) {
      const other = await ctx.ann.agent.get(`/api/cart?coupon_code=${code}`);
      expect(other.json().coupon).toEqual({ code, error });
      expect(other.json().totals.discount_cents).toBe(0);
    }
    // Only Bob's beat left: the producer's coupon has nothing to apply to.
    for (const line of (await ctx.ann.agent.get('/api/cart')).json().lines.slice(0, 3)) {
      await ctx.ann.agent.request({ method: 'DELETE', url: `/api/cart/${line.id}` });
    }
    const none = await ctx.ann.agent.get('/api/cart?coupon_code=ELSEWHERE');
    expect(none.json().lines.map((l: { beat: { id: string } }) => l.beat.id)).toEqual([beats[3]!.id]);
    expect(none.json().coupon).toEqual({ code: 'ELSEWHERE', error: COUPON_ERRORS.NOT_APPLICABLE });
  });
});
