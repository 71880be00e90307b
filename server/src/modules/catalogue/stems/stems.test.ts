import { STEMS_ERRORS } from '@beatroom/shared/stems-contract';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
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
