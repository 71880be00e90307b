import { DELETE_ACCOUNT_PHRASE } from '@beatroom/shared/account-contract';
import type { DownloadHistoryItem, PurchaseItem } from '@beatroom/shared/downloads-contract';
import { STEMS_ERRORS } from '@beatroom/shared/stems-contract';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();

/** A real ZIP: a RIFF/WAVE header is enough for the stems check, which reads names only. */
function zipOf(files: Record<string, string>): Buffer {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, body]) => [name, new TextEncoder().encode(body)]),
  );
  return Buffer.from(zipSync(entries));
}
const STEMS = zipOf({
  'stems/': '',
  'stems/drums.wav': 'RIFF....WAVEfmt ',
  'stems/bass.aiff': 'FORM....AIFF',
});

const upload = (agent: typeof ctx.ann.agent | null, beatId: string, body: Buffer | string) => {
  const options = {
    method: 'PUT' as const,
    url: `/api/beats/${beatId}/stems`,
    payload: body,
    headers: { 'content-type': 'application/zip' },
  };
  return agent ? agent.request(options) : ctx.t.app.inject(options);
};

describe('PUT /api/beats/{id}/stems', () => {
  it('401s signed out', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    expect((await upload(null, beat.id, STEMS)).statusCode).toBe(401);
  });

  it('400s what is not a ZIP of WAV, AIFF or FLAC files, and keeps nothing', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    const cases: [Buffer | string, string][] = [
      ['not a zip at all', STEMS_ERRORS.NOT_ZIP],
      [zipOf({ 'drums.wav': 'RIFF', 'notes.txt': 'hi' }), STEMS_ERRORS.NOT_AUDIO],
      [zipOf({ '../escape.wav': 'RIFF' }), STEMS_ERRORS.NOT_AUDIO],
      [zipOf({ 'empty/': '' }), STEMS_ERRORS.EMPTY],
    ];
    for (const [body, error] of cases) {
      const res = await upload(ctx.producer.agent, beat.id, body);
      expect([res.statusCode, res.json()]).toEqual([400, { error }]);
    }
    const stored = await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } });
    expect(stored.stemsKey).toBeNull();
  });

  it("403s someone else's beat", async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id);
    expect((await upload(ctx.ann.agent, beat.id, STEMS)).statusCode).toBe(403);
    expect((await ctx.ann.agent.get(`/api/beats/${beat.id}/stems`)).statusCode).toBe(403);
  });

  it('stores the ZIP privately and gives it to Trackout buyers only, by signed link', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 1000 });
    const res = await upload(ctx.producer.agent, beat.id, STEMS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      has_stems: true,
      files: ['stems/drums.wav', 'stems/bass.aiff'],
      size_bytes: STEMS.length,
    });
    const { stemsKey } = await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } });
    // Never through the public files route.
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/files/${stemsKey}` })).statusCode).not.toBe(
      200,
    );

    // A Basic holder may not have them; a Trackout holder (upgraded) downloads the same bytes.
    await buyLocally(ctx.ann.agent, beat, 'basic');
    const basic = await ctx.ann.agent.post(`/api/beats/${beat.id}/stems/download`);
    expect([basic.statusCode, basic.json()]).toEqual([403, { error: STEMS_ERRORS.NOT_INCLUDED }]);
    await buyLocally(ctx.ann.agent, beat, 'trackout');
    const link = await ctx.ann.agent.post(`/api/beats/${beat.id}/stems/download`);
    expect(link.statusCode).toBe(200);
    expect(link.json().filename).toMatch(/\(stems\)\.zip$/);
    // The link is Ann's alone.
    expect((await ctx.bob.agent.get(link.json().downloadUrl)).statusCode).toBe(403);
    const file = await ctx.ann.agent.get(link.json().downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(STEMS)).toBe(true);
  });
});

/** A beat of the producer's with the stems uploaded; answers it and the stored ZIP's key. */
async function beatWithStems(producer: typeof ctx.producer = ctx.producer) {
  const beat = await insertPricedBeat(ctx.t.app, producer.id, { priceCents: 1000 });
  expect((await upload(producer.agent, beat.id, STEMS)).statusCode).toBe(200);
  const { stemsKey } = await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } });
  expect(await ctx.t.app.storage.stat(stemsKey!)).not.toBeNull();
  return { beat, stemsKey: stemsKey! };
}

describe('a deleted beat takes its stems ZIP with it', () => {
  it('deleted by its producer', async () => {
    const { beat, stemsKey } = await beatWithStems();
    const res = await ctx.producer.agent.request({ method: 'DELETE', url: `/api/beats/${beat.id}` });
    expect(res.statusCode).toBe(204);
    expect(await ctx.t.app.storage.stat(stemsKey)).toBeNull();
  });

  it('deleted by an admin', async () => {
    const { beat, stemsKey } = await beatWithStems();
    expect(await ctx.t.app.beats.removeAsAdmin(beat.id, async () => {})).toBe(true);
    expect(await ctx.t.app.storage.stat(stemsKey)).toBeNull();
  });

  it('deleted with its producer account; a sold beat stays for its buyer with its stems', async () => {
    const leaving = await member(ctx.t.app, 'leaving-producer@example.com');
    const unsold = await beatWithStems(leaving);
    const sold = await beatWithStems(leaving);
    await buyLocally(ctx.ann.agent, sold.beat, 'trackout');
    const res = await leaving.agent.request({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: { confirm: DELETE_ACCOUNT_PHRASE },
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.t.app.storage.stat(unsold.stemsKey)).toBeNull();
    expect(await ctx.t.app.storage.stat(sold.stemsKey)).not.toBeNull();
    expect((await ctx.ann.agent.post(`/api/beats/${sold.beat.id}/stems/download`)).statusCode).toBe(200);
  });

  it('a beat with sales is not deleted, and keeps its stems', async () => {
    const { beat, stemsKey } = await beatWithStems();
    await buyLocally(ctx.bob.agent, beat, 'trackout');
    const res = await ctx.producer.agent.request({ method: 'DELETE', url: `/api/beats/${beat.id}` });
    expect(res.statusCode).toBe(409);
    expect(await ctx.t.app.storage.stat(stemsKey)).not.toBeNull();
  });
});

describe('stems downloads in the download history', () => {
  const history = async (who: typeof ctx.ann) =>
    (await who.agent.get(`/api/users/${who.id}/downloads`)).json() as DownloadHistoryItem[];

  it("a buyer's stems download is listed with its licence and price; a refused one is not", async () => {
    const { beat } = await beatWithStems();
    const before = (await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } }))
      .downloadCount;
    await buyLocally(ctx.bob.agent, beat, 'basic');
    expect((await ctx.bob.agent.post(`/api/beats/${beat.id}/stems/download`)).statusCode).toBe(403);
    expect((await history(ctx.bob)).filter((d) => d.beat_id === beat.id)).toEqual([]);

    await buyLocally(ctx.bob.agent, beat, 'trackout');
    const purchases = (
      await ctx.bob.agent.get(`/api/users/${ctx.bob.id}/purchases`)
    ).json() as PurchaseItem[];
    expect(purchases.filter((p) => p.beat_id === beat.id).map((p) => [p.license_type, p.stems])).toEqual([
      ['trackout', true],
      ['basic', false],
    ]);
    expect((await ctx.bob.agent.post(`/api/beats/${beat.id}/stems/download`)).statusCode).toBe(200);
    expect((await ctx.bob.agent.post(`/api/beats/${beat.id}/download`, { format: 'wav' })).statusCode).toBe(
      200,
    );
    const rows = (await history(ctx.bob)).filter((d) => d.beat_id === beat.id);
    // Newest first: the WAV, then the stems, both under the Trackout licence.
    expect(rows.map((d) => [d.file, d.license_type, d.beat_title])).toEqual([
      ['wav', 'trackout', beat.title],
      ['stems', 'trackout', beat.title],
    ]);
    expect(rows[1]!.price_paid_cents).toBeGreaterThan(0);
    const after = (await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } }))
      .downloadCount;
    expect(after - before).toBe(2);
  });

  it("the producer's own stems download is in their history, not on the beat's count", async () => {
    const { beat } = await beatWithStems();
    expect((await ctx.producer.agent.post(`/api/beats/${beat.id}/stems/download`)).statusCode).toBe(200);
    const rows = (await history(ctx.producer)).filter((d) => d.beat_id === beat.id);
    expect(rows.map((d) => [d.file, d.license_type, d.price_paid_cents])).toEqual([['stems', null, 0]]);
    const stored = await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.id } });
    expect(stored.downloadCount).toBe(0);
  });
});
