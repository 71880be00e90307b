import { LICENSE_OFF, NO_LICENSE_ENABLED } from '@beatroom/shared/license-offers-contract';
import type { LicenseOption } from '@beatroom/shared/money-contract';
import { describe, expect, it } from 'vitest';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();

const OFFERS = {
  basic: { enabled: false, price_cents: null },
  premium: { enabled: true, price_cents: 3500 },
  trackout: { enabled: true, price_cents: null },
  exclusive: { enabled: true, price_cents: 40_000 },
};
const edit = (agent: typeof ctx.ann.agent, beatId: string, body: Record<string, unknown>) =>
  agent.request({ method: 'PUT', url: `/api/beats/${beatId}/edit`, payload: body });
const cards = async (beatId: string) =>
  (await ctx.ann.agent.get(`/api/beats/${beatId}/licenses`)).json() as LicenseOption[];

describe("PUT /api/beats/{id}/edit with the producer's licence offer", () => {
  it('401s signed out', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/beats/${beat.id}/edit`,
      payload: { license_offers: OFFERS },
    });
    expect(res.statusCode).toBe(401);
  });

  it('400s an offer with every licence off, or a price out of range', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const off = { enabled: false, price_cents: null };
    const none = await edit(ctx.producer.agent, beat.id, {
      license_offers: { basic: off, premium: off, trackout: off, exclusive: off },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toContain(NO_LICENSE_ENABLED);
    const free = await edit(ctx.producer.agent, beat.id, {
      license_offers: { premium: { enabled: true, price_cents: 0 } },
    });
    expect(free.statusCode).toBe(400);
  });

  it("403s someone else's beat and leaves its offer alone", async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const res = await edit(ctx.ann.agent, beat.id, { license_offers: OFFERS });
    expect(res.statusCode).toBe(403);
    expect((await cards(beat.id)).map((c) => c.price_cents)).toEqual([1000, 2000, 5000, 10_000]);
  });

  it('stores the offer: cards, catalogue price and every purchase follow it', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const res = await edit(ctx.producer.agent, beat.id, { license_offers: OFFERS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ license_offers: OFFERS, lowest_price_cents: 3500 });

    // Basic is switched off: no card, and buying it is refused.
    expect((await cards(beat.id)).map((c) => [c.license_type, c.price_cents])).toEqual([
      ['premium', 3500],
      ['trackout', 5000],
      ['exclusive', 40_000],
    ]);
    const basic = await ctx.ann.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'basic',
      price_cents: 1000,
    });
    expect(basic.statusCode).toBe(409);
    expect(basic.json()).toEqual({ error: LICENSE_OFF });

    // The catalogue filters by the cheapest licence on offer, not the base price.
    const listed = await ctx.ann.agent.get('/api/beats?price_min=3500&price_max=3500');
    const found = (listed.json() as { id: string; lowest_price_cents: number }[]).find(
      (b) => b.id === beat.id,
    );
    expect(found?.lowest_price_cents).toBe(3500);
    const base = await ctx.ann.agent.get('/api/beats?price_min=1000&price_max=1000');
    expect((base.json() as { id: string }[]).map((b) => b.id)).not.toContain(beat.id);

    // The producer's own price is what an order charges, and what an upgrade starts from.
    const order = await buyLocally(ctx.ann.agent, beat, 'premium');
    expect((await ctx.t.app.db.prisma.order.findUniqueOrThrow({ where: { id: order } })).amountCents).toBe(
      3500,
    );
    const upgrade = (await cards(beat.id)).find((c) => c.license_type === 'exclusive')!;
    expect([upgrade.price_cents, upgrade.upgrade_from]).toEqual([40_000 - 3500, 'premium']);
  });
});
