import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();
const nobody = '00000000-0000-4000-8000-000000000000';
const couponCount = () => ctx.t.app.db.prisma.coupon.count();

beforeEach(async () => {
  await ctx.t.app.db.prisma.coupon.deleteMany();
  await ctx.t.app.db.prisma.bulkDeal.deleteMany();
});

const create = (body: Record<string, unknown>, agent = ctx.producer.agent) =>
  agent.post('/api/coupons', body);

describe('coupon routes: signed out', () => {
  it('401 for every coupon and deal change, whatever the input; nothing is written', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/coupons', undefined],
      ['POST', '/api/coupons', { code: 'SAVE10', kind: 'percent', value: 10 }],
      ['POST', '/api/coupons', { nonsense: true }],
      ['PATCH', `/api/coupons/${nobody}`, { value: 5 }],
      ['DELETE', '/api/coupons/nope', undefined],
      ['PUT', '/api/deals', { buy_count: 2, free_count: 1 }],
      ['DELETE', '/api/deals', undefined],
    ] as const) {
      const res = await ctx.t.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await couponCount()).toBe(0);
  });
});

describe('POST /api/coupons', () => {
  it('400 for a bad or loose body', async () => {
    for (const body of [
      {},
      { code: 'x', kind: 'percent', value: 10 },
      { code: 'SAVE 10', kind: 'percent', value: 10 },
      { code: 'SAVE10', kind: 'half', value: 10 },
      { code: 'SAVE10', kind: 'percent', value: 101 },
      { code: 'SAVE10', kind: 'fixed', value: 0 },
      { code: 'SAVE10', kind: 'fixed', value: 500, max_uses: 0 },
      { code: 'SAVE10', kind: 'fixed', value: 500, expires_at: 'tomorrow' },
      { code: 'SAVE10', kind: 'fixed', value: 500, beat_ids: ['nope'] },
      { code: 'SAVE10', kind: 'fixed', value: 500, owner: 'me' },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await couponCount()).toBe(0);
  });

  it('403 for someone else’s beats; 409 for a code already in use, whatever its case', async () => {
    const bobs = await insertPricedBeat(ctx.t.app, ctx.bob.id);
    const res = await create({ code: 'SAVE10', kind: 'percent', value: 10, beat_ids: [bobs.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: COUPON_ERRORS.NOT_YOUR_BEATS });
    expect((await create({ code: 'SAVE10', kind: 'percent', value: 10 })).statusCode).toBe(201);
    const taken = await create({ code: 'save10', kind: 'fixed', value: 100 }, ctx.bob.agent);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: COUPON_ERRORS.CODE_TAKEN });
    expect(await couponCount()).toBe(1);
  });

  it('creates a coupon on the producer’s own beats, listed to them only', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    const res = await create({
      code: 'spring-25',
      kind: 'fixed',
      value: 500,
      beat_ids: [beat.id],
      expires_at: '2030-01-01T00:00:00.000Z',
      max_uses: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'SPRING-25',
      kind: 'fixed',
      value: 500,
      beat_ids: [beat.id],
      expires_at: '2030-01-01T00:00:00.000Z',
      max_uses: 3,
    });
    expect((await ctx.producer.agent.get('/api/coupons')).json()).toEqual([res.json()]);
    expect((await ctx.bob.agent.get('/api/coupons')).json()).toEqual([]);
  });
});

describe('PATCH and DELETE /api/coupons/{id}', () => {
  it('404 for a malformed or unknown coupon and for someone else’s; 400 for a bad change', async () => {
    const coupon = (await create({ code: 'SAVE10', kind: 'percent', value: 10 })).json();
    for (const [agent, id] of [
      [ctx.producer.agent, 'nope'],
      [ctx.producer.agent, nobody],
      [ctx.bob.agent, coupon.id],
    ] as const) {
      const patch = await agent.request({
        method: 'PATCH',
        url: `/api/coupons/${id}`,
        payload: { value: 20 },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ error: COUPON_ERRORS.NOT_FOUND });
      const del = await agent.request({ method: 'DELETE', url: `/api/coupons/${id}` });
      expect(del.statusCode).toBe(404);
    }
    for (const payload of [{}, { value: 101 }, { kind: 'gold' }, { uses: 1 }]) {
      const res = await ctx.producer.agent.request({
        method: 'PATCH',
        url: `/api/coupons/${coupon.id}`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const fixedTo = await ctx.producer.agent.request({
      method: 'PATCH',
      url: `/api/coupons/${coupon.id}`,
      payload: { kind: 'fixed', value: 2500 },
    });
    expect(fixedTo.json()).toMatchObject({ kind: 'fixed', value: 2500 });
    // Back to percent with a value over 100: refused once the change is taken as a whole.
    const percentAgain = await ctx.producer.agent.request({
      method: 'PATCH',
      url: `/api/coupons/${coupon.id}`,
      payload: { kind: 'percent' },
    });
    expect(percentAgain.statusCode).toBe(400);
  });

  it('changes and deletes the producer’s own coupon', async () => {
    const coupon = (await create({ code: 'SAVE10', kind: 'percent', value: 10 })).json();
    const res = await ctx.producer.agent.request({
      method: 'PATCH',
      url: `/api/coupons/${coupon.id}`,
      payload: { value: 15, max_uses: null, expires_at: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'SAVE10', value: 15, max_uses: null, expires_at: null });
    const del = await ctx.producer.agent.request({ method: 'DELETE', url: `/api/coupons/${coupon.id}` });
    expect(del.statusCode).toBe(204);
    expect(await couponCount()).toBe(0);
  });
});

describe('bulk deals', () => {
  it('a producer sets, replaces and ends their deal; anyone reads it; 400 for a bad one', async () => {
    const read = () => ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.producer.id}/deal` });
    expect((await read()).json()).toBeNull();
    for (const payload of [{}, { buy_count: 0, free_count: 1 }, { buy_count: 2, free_count: 1, x: 1 }]) {
      const res = await ctx.producer.agent.request({ method: 'PUT', url: '/api/deals', payload });
      expect(res.statusCode).toBe(400);
    }
    await ctx.producer.agent.request({
      method: 'PUT',
      url: '/api/deals',
      payload: { buy_count: 3, free_count: 1 },
    });
    const put = await ctx.producer.agent.request({
      method: 'PUT',
      url: '/api/deals',
      payload: { buy_count: 2, free_count: 1 },
    });
    expect(put.json()).toEqual({ buy_count: 2, free_count: 1 });
    expect((await read()).json()).toEqual({ buy_count: 2, free_count: 1 });
    // Bob's deal is his own: the producer's stays.
    await ctx.bob.agent.request({ method: 'DELETE', url: '/api/deals' });
    expect((await read()).json()).toEqual({ buy_count: 2, free_count: 1 });
    await ctx.producer.agent.request({ method: 'DELETE', url: '/api/deals' });
    expect((await read()).json()).toBeNull();
    for (const id of [nobody, 'nope']) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/users/${id}/deal` });
      expect(res.statusCode).toBe(404);
    }
  });
});
