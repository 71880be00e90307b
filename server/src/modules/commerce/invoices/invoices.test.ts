import { formatDate } from '@beatroom/shared/format-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { member, useProducerAndFan } from '../../../../test/community-fixtures';
import { isPdf, pdfText } from '../../../../test/pdf-text';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';
import { INVOICE_NOT_FOUND, LICENCE_NOT_FOUND, LICENCE_PARTIES_ONLY } from './invoices.service';

const ctx = useProducerAndFan();
let stranger: Awaited<ReturnType<typeof member>>;
let beat: { id: string; priceCents: number; title: string };
let basicOrder: string;
let premiumOrder: string;
const year = new Date().getUTCFullYear();
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  stranger = await member(ctx.t.app, 'stranger@example.com');
  await ctx.t.app.db.prisma.profile.update({
    where: { userId: ctx.producer.id },
    data: { displayName: 'Metro Beats' },
  });
  beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { title: 'Night Drive', priceCents: 2999 });
  basicOrder = await buyLocally(ctx.fan.agent, beat, 'basic');
  premiumOrder = await buyLocally(ctx.fan.agent, beat, 'premium');
});

describe('GET /api/invoices', () => {
  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
  });

  it.each(['page=0', 'page=abc', 'limit=0', 'limit=51'])('400 for %s', async (query) => {
    const res = await ctx.fan.agent.get(`/api/invoices?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("lists the buyer's invoices newest first, numbered in sequence", async () => {
    const res = await ctx.fan.agent.get('/api/invoices?page=1&limit=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, pages: 1, total: 2 });
    expect(body.invoices.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
      `BR-${year}-000002`,
      `BR-${year}-000001`,
    ]);
    expect(body.invoices[0]).toMatchObject({
      transaction_type: 'beat_purchase',
      status: 'paid',
      payment_provider: 'local',
      payment_method_type: 'card',
      currency: 'USD',
      // The fan held Basic already: Premium costs the difference (docs/domain.md#licence-upgrades).
      subtotal_cents: 2999,
      tax_cents: 0,
      discount_cents: 0,
      total_cents: 2999,
    });
    expect(JSON.parse(body.invoices[0].items)).toEqual([
      { name: 'Night Drive (upgrade from Basic to Premium licence)', quantity: 1, price: 2999 },
    ]);
  });

  it('pages by limit', async () => {
    const second = (await ctx.fan.agent.get('/api/invoices?page=2&limit=1')).json();
    expect(second.pagination).toEqual({ page: 2, pages: 2, total: 2 });
    expect(second.invoices.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
      `BR-${year}-000001`,
    ]);
    const past = (await ctx.fan.agent.get('/api/invoices?page=3&limit=1')).json();
    expect(past.invoices).toEqual([]);
  });

  it("never shows someone else's invoices (the producer and a stranger have none)", async () => {
    for (const who of [ctx.producer, stranger]) {
      expect((await who.agent.get('/api/invoices')).json()).toEqual({
        invoices: [],
        pagination: { page: 1, pages: 0, total: 0 },
      });
    }
  });
});

describe('GET /api/invoices/{invoiceNumber}/pdf', () => {
  const url = (n: number) => `/api/invoices/BR-${year}-${String(n).padStart(6, '0')}/pdf`;

  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: url(1) })).statusCode).toBe(401);
  });

  it('404 for a malformed or unknown number', async () => {
    for (const bad of ['/api/invoices/nope/pdf', '/api/invoices/BR-20x6-000001/pdf', url(99)]) {
      const res = await ctx.fan.agent.get(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: INVOICE_NOT_FOUND });
    }
  });

  it("404 for someone else's invoice, the producer's included", async () => {
    for (const who of [stranger, ctx.producer]) {
      const res = await who.agent.get(url(1));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: INVOICE_NOT_FOUND });
    }
  });

  it('a real PDF with number, seller, buyer, item and totals', async () => {
    const res = await ctx.fan.agent.get(url(1));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="BR-${year}-000001.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf).join('\n');
    for (const expected of [
      `BR-${year}-000001`,
      'Metro Beats',
      'fan',
      'fan@example.com',
      'Night Drive (Basic licence)',
      '$29.99',
      'Total',
      'PAID',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('GET /api/orders/{id}/license.pdf', () => {
  const url = (id: string) => `/api/orders/${id}/license.pdf`;

  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: url(basicOrder) })).statusCode).toBe(401);
  });

  it('404 for a malformed id or an order without a licence', async () => {
    for (const id of ['nope', nobody]) {
      const res = await ctx.fan.agent.get(url(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: LICENCE_NOT_FOUND });
    }
  });

  it('403 for anyone but the buyer and the producer', async () => {
    const res = await stranger.agent.get(url(basicOrder));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: LICENCE_PARTIES_ONLY });
  });

  it('the buyer and the producer get the agreement with parties, terms, order number and date', async () => {
    for (const who of [ctx.fan, ctx.producer]) {
      const res = await who.agent.get(url(premiumOrder));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(isPdf(res.rawPayload)).toBe(true);
      const text = pdfText(res.rawPayload).join('\n');
      for (const expected of [
        'Premium Licence',
        'Night Drive',
        'Metro Beats',
        'fan@example.com',
        `Order number: ${premiumOrder}`,
        // The upgrade from the Basic the fan held: the difference.
        'Price paid: $29.99',
        '- WAV and MP3 files',
        '- Up to 100K streams',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toContain(`Date: ${formatDate(new Date(), 'long')}`);
    }
  });
});
