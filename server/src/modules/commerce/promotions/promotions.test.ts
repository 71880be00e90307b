import { PROMOTION_OPTIONS } from '@beatroom/shared/money-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, member } from '../../../../test/community-fixtures';
import { createTestApp, type Agent } from '../../../../test/helpers';
import { giveCredits as grantCredits, subscribeTo } from '../../../../test/tier-fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
const nobody = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // No browse cache: each catalogue read below sees the database as the test left it.
  t = await createTestApp({ beatListCacheMs: 0 });
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
});
afterAll(async () => t?.close());

const giveCredits = (userId: string, amount: number) => grantCredits(t.app, userId, amount);
const available = async (userId: string) => (await t.app.credits.balance(userId)).credits_available;
const promote = (agent: Agent, beatId: string, body: unknown) =>
  agent.post(`/api/beats/${beatId}/promote`, body);
const promotionsOf = (beatId: string) =>
  t.app.db.prisma.promotion.findMany({ where: { beatId }, orderBy: { createdAt: 'asc' } });
const promotionInvoices = (userId: string) =>
  t.app.db.prisma.invoice.findMany({ where: { userId, transactionType: 'promotion' } });

/** Moves a beat's promotions and their beat columns `ms` into the past: the clock moved on. */
async function movePromotionClock(beatId: string, ms: number) {
  const shift = `${Math.round(ms / 1000)} seconds`;
  await t.app.db.prisma.$executeRaw`
    UPDATE promotions SET starts_at = starts_at - ${shift}::interval, ends_at = ends_at - ${shift}::interval
    WHERE beat_id = ${beatId}::uuid AND starts_at IS NOT NULL`;
  await t.app.db.prisma.$executeRaw`
    UPDATE beats SET featured_until = featured_until - ${shift}::interval,
                     boosted_until = boosted_until - ${shift}::interval
    WHERE id = ${beatId}::uuid`;
}

describe('GET /api/promotion-options', () => {
  it('anonymous and Free-tier callers get the three options at list prices', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/promotion-options' }),
      await ann.agent.get('/api/promotion-options'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        PROMOTION_OPTIONS.map((o) =>
          expect.objectContaining({
            id: o.id,
            name: o.name,
            duration_days: o.durationDays,
            credits: o.credits,
            price_cents: o.price_cents,
            list_credits: o.credits,
            list_price_cents: o.price_cents,
            discount_percent: 0,
            popular: o.popular,
            included_slots_per_month: 0,
            included_slots_left: 0,
          }),
        ),
      );
    }
  });

  it("a subscriber gets the tier's discount off credits and cash, rounded", async () => {
    const pro = await member(t.app, 'options-pro@example.com');
    await subscribeTo(pro.agent, 'Pro');
    const options = (await pro.agent.get('/api/promotion-options')).json();
    // Pro takes 20 % off: 200 → 160 credits, 199 → 159 cents (159.2), 99 → 79 (79.2).
    expect(options.map((o: { credits: number; price_cents: number }) => [o.credits, o.price_cents])).toEqual([
      [160, 159],
      [480, 479],
      [80, 79],
    ]);
    expect(options[0]).toMatchObject({ discount_percent: 20, list_credits: 200, list_price_cents: 199 });
  });
});

describe('POST /api/beats/{id}/promote', () => {
  it('401 signed out, whatever the id and body', async () => {
    const beat = await insertBeat(t.app, ann.id);
    for (const id of [beat.id, 'nope']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/beats/${id}/promote`,
        payload: { promotion_type: 'featured_week', payment_method: 'credits' },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('404 for an unknown or malformed beat id', async () => {
    for (const id of [nobody, 'nope']) {
      const res = await promote(ann.agent, id, {
        promotion_type: 'featured_week',
        payment_method: 'credits',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Beat not found' });
    }
  });

  it("403 on someone else's beat, and nothing changes", async () => {
    const beat = await insertBeat(t.app, ann.id);
    await giveCredits(bob.id, 500);
    const res = await promote(bob.agent, beat.id, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only promote your own beats' });
    expect(await available(bob.id)).toBe(500);
    expect(await promotionsOf(beat.id)).toEqual([]);
  });

  it('409 for a beat sold exclusively: it is out of the store, and nothing changes', async () => {
    const beat = await insertBeat(t.app, ann.id);
    await t.app.db.prisma.beat.update({ where: { id: beat.id }, data: { soldExclusiveAt: new Date() } });
    await giveCredits(ann.id, 200);
    const before = await available(ann.id);
    const res = await promote(ann.agent, beat.id, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This beat is no longer in the store and cannot be promoted' });
    expect(await available(ann.id)).toBe(before);
    expect(await promotionsOf(beat.id)).toEqual([]);
  });

  it('400 for a bad body, and nothing changes', async () => {
    const beat = await insertBeat(t.app, ann.id);
    const before = await available(ann.id);
    for (const body of [
      {},
      { promotion_type: 'forever', payment_method: 'credits' },
      { promotion_type: 'featured_week', payment_method: 'bitcoin' },
      { promotion_type: 'featured_week', payment_method: 'saved' },
    ]) {
      const res = await promote(ann.agent, beat.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await available(ann.id)).toBe(before);
    expect(await promotionsOf(beat.id)).toEqual([]);
  });

  it('with credits: debits once, starts at once, invoices, and the beat is featured until it ends', async () => {
    const producer = await member(t.app, 'featured@example.com');
    const beat = await insertBeat(t.app, producer.id, { title: 'Gold Rush' });
    await giveCredits(producer.id, 300);
    const before = Date.now();
    const res = await promote(producer.agent, beat.id, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.credits_available).toBe(100);
    expect(body.promotion).toMatchObject({ type: 'featured_week', status: 'active', credits_spent: 200 });
    const ends = Date.parse(body.promotion.ends_at) - Date.parse(body.promotion.starts_at);
    expect(ends).toBe(7 * DAY_MS);
    expect(Date.parse(body.promotion.starts_at)).toBeGreaterThanOrEqual(before - 1000);

    const credits = (await producer.agent.get('/api/user/credits')).json();
    expect(credits.transactions[0]).toMatchObject({
      amount: -200,
      balance_after: 100,
      description: 'Featured 1 Week: Gold Rush',
    });
    const invoices = await promotionInvoices(producer.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      paymentMethodType: 'credits',
      paymentProvider: 'credits',
      totalCents: 0,
    });

    const detail = (await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}` })).json();
    expect(detail).toMatchObject({ is_featured: true, promotion_type: 'featured_week' });
    const featured = (
      await t.app.inject({ method: 'GET', url: '/api/beats?featured=true&limit=100' })
    ).json();
    expect(featured.map((b: { id: string }) => b.id)).toContain(beat.id);
    expect(featured.find((b: { id: string }) => b.id === beat.id).is_featured).toBe(true);

    // A week and a second later the promotion has ended by itself: nothing ran in between.
    await movePromotionClock(beat.id, 7 * DAY_MS + 1000);
    const after = (await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}` })).json();
    expect(after).toMatchObject({ is_featured: false, promotion_type: null });
    const featuredAfter = (
      await t.app.inject({ method: 'GET', url: '/api/beats?featured=true&limit=100' })
    ).json();
    expect(featuredAfter.map((b: { id: string }) => b.id)).not.toContain(beat.id);
    const list = (await producer.agent.get(`/api/beats/${beat.id}/promotions`)).json();
    expect(list).toEqual([expect.objectContaining({ id: body.promotion.id, status: 'ended' })]);
  });

  it('"Insufficient credits (need N)" is a 402 and nothing changes', async () => {
    const producer = await member(t.app, 'short@example.com');
    const beat = await insertBeat(t.app, producer.id);
    await giveCredits(producer.id, 150);
    const res = await promote(producer.agent, beat.id, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits (need 200)' });
    expect(await available(producer.id)).toBe(150);
    expect(await promotionsOf(beat.id)).toEqual([]);
    expect(await promotionInvoices(producer.id)).toEqual([]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}` })).json();
    expect(detail.is_featured).toBe(false);
  });

  it('a second promotion of the same kind is scheduled after the first: it extends, never overlaps', async () => {
    const producer = await member(t.app, 'extend@example.com');
    const beat = await insertBeat(t.app, producer.id);
    await giveCredits(producer.id, 200);
    const first = (await promote(producer.agent, beat.id, { promotion_type: 'homepage_boost' })).json();
    const second = (await promote(producer.agent, beat.id, { promotion_type: 'homepage_boost' })).json();
    expect(second.promotion.status).toBe('scheduled');
    expect(second.promotion.starts_at).toBe(first.promotion.ends_at);
    expect(Date.parse(second.promotion.ends_at) - Date.parse(first.promotion.ends_at)).toBe(3 * DAY_MS);
    const row = await t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } });
    expect(row.boostedUntil?.toISOString()).toBe(second.promotion.ends_at);
  });

  it('a homepage boost puts an older beat first in the default home sort until it ends', async () => {
    const producer = await member(t.app, 'boost@example.com');
    // Its own genre, so other tests' boosts do not share this list.
    const old = await insertBeat(t.app, producer.id, {
      genre: 'Jazz',
      createdAt: new Date(Date.now() - 300 * DAY_MS),
    });
    const played = await insertBeat(t.app, producer.id, { genre: 'Jazz', playCount: 5 });
    await giveCredits(producer.id, 100);
    const home = () =>
      t.app
        .inject({ method: 'GET', url: '/api/beats?sort=newest&genre=Jazz&limit=5' })
        .then((r) => r.json().map((b: { id: string }) => b.id) as string[]);
    expect((await home())[0]).not.toBe(old.id);
    const res = await promote(producer.agent, old.id, {
      promotion_type: 'homepage_boost',
      payment_method: 'credits',
    });
    expect(res.statusCode).toBe(200);
    expect((await home())[0]).toBe(old.id);
    // Other sorts are not boosted: the most played beat still leads the popular sort.
    const popular = (await t.app.inject({ method: 'GET', url: '/api/beats?sort=popular&genre=Jazz' })).json();
    expect(popular.map((b: { id: string }) => b.id)).toEqual([played.id, old.id]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/beats/${old.id}` })).json();
    expect(detail).toMatchObject({ is_featured: false, promotion_type: 'homepage_boost' });

    await movePromotionClock(old.id, 3 * DAY_MS + 1000);
    expect((await home())[0]).not.toBe(old.id);
  });

  it('by card: a pending promotion and a checkout_url; paying starts it, once', async () => {
    const producer = await member(t.app, 'card@example.com');
    const beat = await insertBeat(t.app, producer.id, { title: 'Card Beat' });
    const res = await promote(producer.agent, beat.id, {
      promotion_type: 'featured_month',
      payment_method: 'card',
    });
    expect(res.statusCode).toBe(200);
    const { promotion_id, checkout_url } = res.json();
    expect(checkout_url).toEqual(expect.any(String));
    let list = (await producer.agent.get(`/api/beats/${beat.id}/promotions`)).json();
    expect(list).toEqual([expect.objectContaining({ id: promotion_id, status: 'pending', starts_at: null })]);
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}` })).json().is_featured).toBe(
      false,
    );

    const paymentId = new URL(checkout_url).pathname.split('/').pop();
    for (let i = 0; i < 2; i++) {
      const paid = await producer.agent.post(`/api/checkout/local/account/${paymentId}/pay`);
      expect(paid.statusCode).toBe(200);
    }
    list = (await producer.agent.get(`/api/beats/${beat.id}/promotions`)).json();
    expect(list).toEqual([expect.objectContaining({ id: promotion_id, status: 'active', price_cents: 599 })]);
    expect(Date.parse(list[0].ends_at) - Date.parse(list[0].starts_at)).toBe(30 * DAY_MS);
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}` })).json().is_featured).toBe(
      true,
    );
    const invoices = await promotionInvoices(producer.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ paymentMethodType: 'card', totalCents: 599 });
    expect(await available(producer.id)).toBe(0);
  });

  it('by card, a cancelled checkout cancels the pending promotion', async () => {
    const producer = await member(t.app, 'card-cancel@example.com');
    const beat = await insertBeat(t.app, producer.id);
    const res = await promote(producer.agent, beat.id, {
      promotion_type: 'homepage_boost',
      payment_method: 'card',
    });
    const paymentId = new URL(res.json().checkout_url).pathname.split('/').pop();
    expect((await producer.agent.post(`/api/checkout/local/account/${paymentId}/cancel`)).statusCode).toBe(
      200,
    );
    const list = (await producer.agent.get(`/api/beats/${beat.id}/promotions`)).json();
    expect(list).toEqual([expect.objectContaining({ status: 'cancelled', starts_at: null })]);
  });

  it("a subscriber's featured slots of the month are included, then the discounted price applies", async () => {
    const pro = await member(t.app, 'pro@example.com');
    await subscribeTo(pro.agent, 'Pro');
    const beat = await insertBeat(t.app, pro.id, { title: 'Slot Beat' });
    const start = await available(pro.id);
    const slots = async () =>
      (await pro.agent.get('/api/promotion-options'))
        .json()
        .map((o: { included_slots_per_month: number; included_slots_left: number }) => [
          o.included_slots_per_month,
          o.included_slots_left,
        ]);
    // Pro includes 2 featured promotions a month (week or month share them); boosts are never included.
    expect(await slots()).toEqual([
      [2, 2],
      [2, 2],
      [0, 0],
    ]);

    // The first two start at once without charge, whatever payment method was asked for.
    const first = await promote(pro.agent, beat.id, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      credits_available: start,
      promotion: { status: 'active', payment_method: 'included', credits_spent: 0, price_cents: 0 },
    });
    expect(await slots()).toEqual([
      [2, 1],
      [2, 1],
      [0, 0],
    ]);
    const second = await promote(pro.agent, beat.id, {
      promotion_type: 'featured_month',
      payment_method: 'card',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).not.toHaveProperty('checkout_url');
    expect(second.json().promotion).toMatchObject({ status: 'scheduled', payment_method: 'included' });
    expect(await available(pro.id)).toBe(start);
    expect(await slots()).toEqual([
      [2, 0],
      [2, 0],
      [0, 0],
    ]);

    // Each has an invoice of 0 naming the included slot.
    const included = await promotionInvoices(pro.id);
    expect(included).toHaveLength(2);
    for (const invoice of included) {
      expect(invoice).toMatchObject({ subtotalCents: 0, discountCents: 0, totalCents: 0 });
      expect(invoice.items).toEqual([
        {
          name: expect.stringMatching(
            /^Featured 1 (Week|Month): Slot Beat \(included featured slot of your Pro plan\)$/,
          ),
          quantity: 1,
          price: 0,
        },
      ]);
    }

    // Beyond the slots nobody is refused: the third is paid, with the 20 % discount.
    const third = await promote(pro.agent, beat.id, {
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    expect(third.statusCode).toBe(200);
    expect(third.json().promotion).toMatchObject({ payment_method: 'credits', credits_spent: 160 });
    expect(await available(pro.id)).toBe(start - 160);
    const boost = await promote(pro.agent, beat.id, { promotion_type: 'homepage_boost' });
    expect(boost.json().promotion).toMatchObject({ payment_method: 'credits', credits_spent: 80 });
    expect(await available(pro.id)).toBe(start - 240);

    // A new calendar month (UTC) brings the slots back: the used ones are from the month before.
    await t.app.db.prisma.$executeRaw`
      UPDATE promotions SET created_at = date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 second'
      WHERE user_id = ${pro.id}::uuid`;
    expect(await slots()).toEqual([
      [2, 2],
      [2, 2],
      [0, 0],
    ]);
  });

  it('concurrent featured promotions cannot take more included slots than the tier has', async () => {
    const pro = await member(t.app, 'pro-race@example.com');
    await subscribeTo(pro.agent, 'Pro');
    const beats = await Promise.all(Array.from({ length: 4 }, () => insertBeat(t.app, pro.id)));
    const start = await available(pro.id);
    const results = await Promise.all(
      beats.map((b) =>
        promote(pro.agent, b.id, { promotion_type: 'featured_week', payment_method: 'credits' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const methods = results.map((r) => r.json().promotion.payment_method).sort();
    expect(methods).toEqual(['credits', 'credits', 'included', 'included']);
    expect(await available(pro.id)).toBe(start - 2 * 160);
  });

  it('members without a tier that includes slots pay for every featured promotion', async () => {
    const producer = await member(t.app, 'free-slots@example.com');
    const beat = await insertBeat(t.app, producer.id);
    await giveCredits(producer.id, 200);
    const res = await promote(producer.agent, beat.id, { promotion_type: 'featured_week' });
    expect(res.json().promotion).toMatchObject({ payment_method: 'credits', credits_spent: 200 });
    expect(await available(producer.id)).toBe(0);
  });

  it('concurrent promotions paid with the last credits: exactly one succeeds', async () => {
    const producer = await member(t.app, 'race@example.com');
    const beats = await Promise.all(Array.from({ length: 6 }, () => insertBeat(t.app, producer.id)));
    await giveCredits(producer.id, 100);
    const results = await Promise.all(
      beats.map((b) =>
        promote(producer.agent, b.id, { promotion_type: 'homepage_boost', payment_method: 'credits' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402, 402, 402, 402, 402]);
    expect(await available(producer.id)).toBe(0);
    const rows = await t.app.db.prisma.promotion.findMany({ where: { userId: producer.id } });
    expect(rows).toHaveLength(1);
    const ledger = await t.app.db.prisma.creditLedgerEntry.findMany({
      where: { userId: producer.id },
      orderBy: { id: 'asc' },
    });
    expect(ledger.map((r) => [r.amount, r.balanceAfter])).toEqual([
      [100, 100],
      [-100, 0],
    ]);
  });
});

describe('GET /api/beats/{id}/promotions', () => {
  it('401 signed out', async () => {
    const beat = await insertBeat(t.app, ann.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}/promotions` })).statusCode).toBe(
      401,
    );
  });

  it('404 unknown or malformed beat, 403 for anyone but the owner', async () => {
    for (const id of [nobody, 'nope']) {
      expect((await ann.agent.get(`/api/beats/${id}/promotions`)).statusCode).toBe(404);
    }
    const beat = await insertBeat(t.app, ann.id);
    const res = await bob.agent.get(`/api/beats/${beat.id}/promotions`);
    expect(res.statusCode).toBe(403);
  });

  it('the owner sees an empty list before any promotion', async () => {
    const beat = await insertBeat(t.app, ann.id);
    const res = await ann.agent.get(`/api/beats/${beat.id}/promotions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
