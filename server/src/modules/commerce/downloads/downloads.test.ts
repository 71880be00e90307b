import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/community-fixtures';
import { useDownloadShelf } from '../../../../test/download-fixtures';
import { mp3File, wavFile } from '../../../../test/media-fixtures';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';
import { HISTORY_OWN_ONLY, LINK_REFUSED, MP3_BEING_PREPARED } from './downloads.service';
import { createDownloadSigner } from './signed-url';

const ctx = useDownloadShelf();
const { setFormat, downloadCount } = ctx;
/** A beat whose files were never made: its MP3 320 is not there. */
let unrendered: { id: string; priceCents: number };
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  unrendered = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
});

describe('GET /api/beats/{id}/download-status', () => {
  const url = (id: string) => `/api/beats/${id}/download-status`;

  it('401 signed out (even for a bad id)', async () => {
    for (const id of [ctx.wavBeat.id, 'nope']) {
      const res = await ctx.t.app.inject({ method: 'GET', url: url(id) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('404 for a malformed or unknown beat', async () => {
    for (const id of ['nope', nobody]) {
      const res = await ctx.fan.agent.get(url(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Beat not found' });
    }
  });

  it('payment_required for someone without a licence; allowed for the buyer, the producer, and a free beat', async () => {
    expect((await ctx.stranger.agent.get(url(ctx.wavBeat.id))).json()).toEqual({
      canDownload: false,
      reason: 'payment_required',
      formats: [],
    });
    // Premium of a WAV master: the WAV first (the main format), then the MP3 320.
    expect((await ctx.fan.agent.get(url(ctx.wavBeat.id))).json()).toEqual({
      canDownload: true,
      reason: 'license',
      formats: ['wav', 'mp3'],
    });
    expect((await ctx.producer.agent.get(url(ctx.wavBeat.id))).json()).toEqual({
      canDownload: true,
      reason: 'owner',
      formats: ['wav', 'mp3'],
    });
    expect((await ctx.stranger.agent.get(url(ctx.freeBeat.id))).json()).toEqual({
      canDownload: true,
      reason: 'free',
      formats: ['mp3'],
    });
  });

  it('a beat sold exclusively stays downloadable for its holders only', async () => {
    const sold = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
    await buyLocally(ctx.stranger.agent, sold, 'exclusive');
    expect((await ctx.stranger.agent.get(url(sold.id))).json()).toEqual({
      canDownload: true,
      reason: 'license',
      formats: ['wav', 'mp3'],
    });
    expect((await ctx.fan.agent.get(url(sold.id))).json()).toEqual({
      canDownload: false,
      reason: 'sold_exclusive',
      formats: [],
    });
    expect((await ctx.producer.agent.get(url(sold.id))).json()).toEqual({
      canDownload: true,
      reason: 'owner',
      formats: ['wav', 'mp3'],
    });
  });
});

describe('POST /api/beats/{id}/download', () => {
  const url = (id: string) => `/api/beats/${id}/download`;

  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'POST', url: url(ctx.wavBeat.id) })).statusCode).toBe(401);
  });

  it('404 for a malformed or unknown beat', async () => {
    for (const id of ['nope', nobody]) expect((await ctx.fan.agent.post(url(id))).statusCode).toBe(404);
  });

  it('402 without a licence, and nothing is recorded', async () => {
    const before = await downloadCount(ctx.wavBeat.id);
    const res = await ctx.stranger.agent.post(url(ctx.wavBeat.id));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Buy a licence to download this beat' });
    expect(await downloadCount(ctx.wavBeat.id)).toBe(before);
    expect(await ctx.t.app.db.prisma.download.count({ where: { userId: ctx.stranger.id } })).toBe(0);
  });

  it('409 "being prepared" while a lossless master has no MP3 320 yet', async () => {
    await buyLocally(ctx.fan.agent, unrendered, 'basic');
    const res = await ctx.fan.agent.post(url(unrendered.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MP3_BEING_PREPARED });
    expect(await downloadCount(unrendered.id)).toBe(0);
  });

  it('premium, preferring WAV: the WAV master, as an attachment, with Range', async () => {
    await setFormat(ctx.fan.id, 'wav');
    const before = await downloadCount(ctx.wavBeat.id);
    const res = await ctx.fan.agent.post(url(ctx.wavBeat.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      downloadUrl: expect.stringMatching(/^\/api\/downloads\/[\w-]+\.[\w-]+$/),
      filename: 'Night Drive.wav',
      formatMatch: true,
      originalFormat: 'wav',
      userPreference: 'wav',
    });
    expect(await downloadCount(ctx.wavBeat.id)).toBe(before + 1);

    const file = await ctx.fan.agent.get(body.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Night Drive.wav"; filename*=UTF-8''Night%20Drive.wav`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(wavFile())).toBe(true);

    const part = await ctx.fan.agent.get(body.downloadUrl, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${wavFile().length}`);
    expect(part.rawPayload.toString('latin1')).toBe('RIFF');
  });

  it('premium, preferring FLAC (not in the licence): the main format, WAV, with formatMatch false', async () => {
    await setFormat(ctx.fan.id, 'flac');
    const body = (await ctx.fan.agent.post(url(ctx.wavBeat.id))).json();
    expect(body).toMatchObject({
      filename: 'Night Drive.wav',
      formatMatch: false,
      originalFormat: 'wav',
      userPreference: 'flac',
    });
  });

  it('premium, preferring MP3: the MP3 320 rendition once the preview job has made it', async () => {
    await setFormat(ctx.fan.id, 'mp3');
    await eventually(async () => {
      expect(await ctx.t.app.previews.rendition(ctx.wavBeat.id, 'mp3_320')).not.toBeNull();
    }, 60_000);
    const body = (await ctx.fan.agent.post(url(ctx.wavBeat.id))).json();
    expect(body).toMatchObject({
      filename: 'Night Drive.mp3',
      formatMatch: true,
      originalFormat: 'wav',
      userPreference: 'mp3',
    });
    const file = await ctx.fan.agent.get(body.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    // An MP3 frame (sync word) or an ID3 tag: not the WAV master.
    const head = file.rawPayload.subarray(0, 3);
    expect(head.toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)).toBe(true);

    // Asking for MP3 while preferring WAV: the MP3 it asked for, so the formats match.
    await setFormat(ctx.fan.id, 'wav');
    const asked = (await ctx.fan.agent.post(url(ctx.wavBeat.id), { format: 'mp3' })).json();
    expect(asked).toMatchObject({ filename: 'Night Drive.mp3', formatMatch: true, userPreference: 'wav' });
  }, 90_000);

  it('a free beat with an MP3 master: the master as it is; the producer downloads without counting', async () => {
    const body = (await ctx.stranger.agent.post(url(ctx.freeBeat.id))).json();
    expect(body).toMatchObject({ filename: 'Free Loop.mp3', formatMatch: true, originalFormat: 'mp3' });
    const file = await ctx.stranger.agent.get(body.downloadUrl);
    expect(file.rawPayload.equals(mp3File())).toBe(true);
    expect(await downloadCount(ctx.freeBeat.id)).toBe(1);

    const own = await ctx.producer.agent.post(url(ctx.freeBeat.id));
    expect(own.statusCode).toBe(200);
    expect(await downloadCount(ctx.freeBeat.id)).toBe(1);
  });
});

describe('GET /api/downloads/{token}', () => {
  async function link() {
    return (await ctx.fan.agent.post(`/api/beats/${ctx.wavBeat.id}/download`)).json().downloadUrl as string;
  }

  it('401 signed out', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: await link() })).statusCode).toBe(401);
  });

  it('403 for another user', async () => {
    const res = await ctx.stranger.agent.get(await link());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: LINK_REFUSED });
  });

  it('403 when altered or not a token at all', async () => {
    const url = await link();
    const altered = url.slice(0, -2) + (url.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [altered, '/api/downloads/nope', `${url}x`]) {
      const res = await ctx.fan.agent.get(bad);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: LINK_REFUSED });
    }
  });

  it('403 once expired', async () => {
    const master = await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: ctx.wavBeat.id } });
    const past = createDownloadSigner(ctx.t.config.sessionSecret, () => Date.now() - 10 * 60_000);
    const { token } = past.sign({ userId: ctx.fan.id, key: master.audioFileKey, filename: 'x.wav' });
    const res = await ctx.fan.agent.get(`/api/downloads/${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: LINK_REFUSED });
  });
});

describe('GET /api/users/{id}/downloads and /purchases', () => {
  it.each(['downloads', 'purchases'])(
    '%s: 401 signed out, 404 malformed id, 403 for someone else',
    async (list) => {
      expect(
        (await ctx.t.app.inject({ method: 'GET', url: `/api/users/${ctx.fan.id}/${list}` })).statusCode,
      ).toBe(401);
      expect((await ctx.fan.agent.get(`/api/users/nope/${list}`)).statusCode).toBe(404);
      const res = await ctx.stranger.agent.get(`/api/users/${ctx.fan.id}/${list}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: HISTORY_OWN_ONLY });
    },
  );

  it("lists the user's downloads, newest first, with the price paid for the licence", async () => {
    const res = await ctx.fan.agent.get(`/api/users/${ctx.fan.id}/downloads`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    const ofWav = rows.filter((r) => r.beat_id === ctx.wavBeat.id);
    expect(ofWav.length).toBeGreaterThanOrEqual(3);
    expect(ofWav[0]).toEqual({
      id: expect.any(String),
      beat_id: ctx.wavBeat.id,
      beat_title: 'Night Drive',
      cover_image_key: null,
      created_at: expect.any(String),
      price_paid_cents: 5998,
      license_type: 'premium',
      file: expect.stringMatching(/^(wav|mp3)$/),
    });
    const times = rows.map((r) => Date.parse(r.created_at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const free = (await ctx.stranger.agent.get(`/api/users/${ctx.stranger.id}/downloads`)).json();
    expect(free).toEqual([
      expect.objectContaining({ beat_id: ctx.freeBeat.id, price_paid_cents: 0, license_type: null }),
    ]);
  });

  it("lists the user's licences with order, payment method and the licence PDF link", async () => {
    const res = await ctx.fan.agent.get(`/api/users/${ctx.fan.id}/purchases`);
    expect(res.statusCode).toBe(200);
    const premium = (res.json() as Record<string, unknown>[]).find((p) => p.order_id === ctx.premiumOrder);
    expect(premium).toEqual({
      id: expect.any(String),
      order_id: ctx.premiumOrder,
      beat_id: ctx.wavBeat.id,
      beat_title: 'Night Drive',
      cover_image_key: null,
      created_at: expect.any(String),
      price_paid_cents: 5998,
      license_type: 'premium',
      payment_method: 'card',
      license_pdf_url: `/api/orders/${ctx.premiumOrder}/license.pdf?beat_id=${ctx.wavBeat.id}`,
      formats: ['wav', 'mp3'],
      // A Premium licence has no stems, whatever the beat has.
      stems: false,
    });
    expect((await ctx.producer.agent.get(`/api/users/${ctx.producer.id}/purchases`)).json()).toEqual([]);
  });
});
