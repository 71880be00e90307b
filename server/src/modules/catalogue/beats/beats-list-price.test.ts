import { describe, expect, it } from 'vitest';
import { createBeat, uploadAudio, useCatalogueApp } from '../../../../test/catalogue';
import type { Agent } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';

// A producer's price is kept as typed, in its currency (list_price_cents, list_currency), and
// its USD worth (price_cents, converted once) is what the catalogue filters and sorts by.
const ctx = useCatalogueApp();
const { anonymous } = ctx;
const put = (agent: Agent, url: string, payload: object) => agent.request({ method: 'PUT', url, payload });

describe('POST /api/beats with a list price', () => {
  it('401 when signed out', async () => {
    const res = await anonymous('POST', '/api/beats', {
      title: 'x',
      genre: 'Trap',
      audio_file_key: 'x',
      list_price_cents: 1999,
      list_currency: 'EUR',
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ list_price_cents: 1999 }, 'list_currency: is required with list_price_cents'],
    [{ list_price_cents: 1999, list_currency: 'GBP' }, 'list_currency'],
    [{ list_price_cents: 10_001, list_currency: 'EUR' }, 'list_price_cents'],
    [{ list_price_cents: 19.5, list_currency: 'EUR' }, 'list_price_cents'],
  ])('400 for %j, and nothing is created', async (fields, message) => {
    const audio = (await uploadAudio(ctx.owner, wavFile(2))).json().key as string;
    const before = await ctx.t.app.db.prisma.beat.count();
    const res = await ctx.owner.post('/api/beats', {
      title: 'Bad price',
      genre: 'Trap',
      audio_file_key: audio,
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await ctx.t.app.db.prisma.beat.count()).toBe(before);
  });

  it('keeps €19.99 exactly and stores its USD worth for the catalogue', async () => {
    const id = await createBeat(ctx.owner, { list_price_cents: 1999, list_currency: 'EUR' });
    const beat = (await anonymous('GET', `/api/beats/${id}`)).json();
    expect(beat).toMatchObject({
      list_price_cents: 1999,
      list_currency: 'EUR',
      price_cents: 2359,
      is_free: false,
    });
    // The catalogue filters by the USD figure.
    const inRange = (await anonymous('GET', '/api/beats?price_min=2359&price_max=2359')).json() as {
      id: string;
    }[];
    expect(inRange.map((b) => b.id)).toContain(id);
    // Its card carries the price as typed, so a list shows €19.99 as its page does.
    expect(inRange.find((b) => b.id === id)).toMatchObject({
      price_cents: 2359,
      list_price_cents: 1999,
      list_currency: 'EUR',
    });
    const searched = (await anonymous('GET', '/api/beats?search=Test')).json() as { id: string }[];
    expect(searched.find((b) => b.id === id)).toMatchObject({ list_price_cents: 1999, list_currency: 'EUR' });
  });

  it('a bare price_cents (older clients) is a USD list price; Free wins over a list price', async () => {
    const usd = await createBeat(ctx.owner, { price_cents: 1250 });
    expect((await anonymous('GET', `/api/beats/${usd}`)).json()).toMatchObject({
      price_cents: 1250,
      list_price_cents: 1250,
      list_currency: 'USD',
    });
    const free = await createBeat(ctx.owner, { list_price_cents: 1999, list_currency: 'EUR', is_free: true });
    expect((await anonymous('GET', `/api/beats/${free}`)).json()).toMatchObject({
      price_cents: 0,
      list_price_cents: 0,
      is_free: true,
    });
  });
});

describe('PUT /api/beats/{id}/edit with a list price', () => {
  it('401 signed out, 403 for someone else, 400 without the currency; nothing changes', async () => {
    const id = await createBeat(ctx.owner, { list_price_cents: 1999, list_currency: 'EUR' });
    const body = { list_price_cents: 2500, list_currency: 'EUR' };
    expect((await anonymous('PUT', `/api/beats/${id}/edit`, body)).statusCode).toBe(401);
    expect((await put(ctx.stranger, `/api/beats/${id}/edit`, body)).statusCode).toBe(403);
    const bad = await put(ctx.owner, `/api/beats/${id}/edit`, { list_price_cents: 2500 });
    expect(bad.statusCode).toBe(400);
    expect((await anonymous('GET', `/api/beats/${id}`)).json()).toMatchObject({
      list_price_cents: 1999,
      price_cents: 2359,
    });
  });

  it('saves the typed price exactly; an edit of other fields keeps it', async () => {
    const id = await createBeat(ctx.owner, { price_cents: 1000 });
    const res = await put(ctx.owner, `/api/beats/${id}/edit`, {
      list_price_cents: 1999,
      list_currency: 'EUR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ list_price_cents: 1999, list_currency: 'EUR', price_cents: 2359 });
    const retitled = await put(ctx.owner, `/api/beats/${id}/edit`, { title: 'Renamed', is_free: false });
    expect(retitled.json()).toMatchObject({
      list_price_cents: 1999,
      list_currency: 'EUR',
      price_cents: 2359,
    });
    // A profile list (full beats) carries it too.
    const uploads = (await anonymous('GET', `/api/users/${ctx.ownerId}/beats`)).json() as
      { id: string; list_price_cents: number }[] | { beats: { id: string; list_price_cents: number }[] };
    const list = Array.isArray(uploads) ? uploads : uploads.beats;
    expect(list.find((b) => b.id === id)?.list_price_cents).toBe(1999);
  });
});
