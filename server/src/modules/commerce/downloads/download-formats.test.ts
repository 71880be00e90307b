import { describe, expect, it } from 'vitest';
import { useDownloadShelf } from '../../../../test/download-fixtures';
import { wavFile } from '../../../../test/media-fixtures';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';

// Choosing the format of a download ("a fan buys a premium licence through the local
// checkout, downloads the WAV"): download-status lists the formats, and POST .../download takes
// one of them; anything else is refused before a download is recorded.

const ctx = useDownloadShelf();
const { setFormat, downloadCount } = ctx;

const url = (id: string) => `/api/beats/${id}/download`;
const downloadsOf = (userId: string, beatId: string) =>
  ctx.t.app.db.prisma.download.count({ where: { userId, beatId } });

describe('GET /api/beats/{id}/download-status formats', () => {
  it('a Premium licence of a FLAC master offers the FLAC in place of the WAV, then the MP3', async () => {
    const flacBeat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 900 });
    await ctx.t.app.db.prisma.beat.update({
      where: { id: flacBeat.id },
      data: { audioFileKey: flacBeat.audioFileKey.replace(/\.wav$/, '.flac') },
    });
    await buyLocally(ctx.stranger.agent, flacBeat, 'premium');
    const status = await ctx.stranger.agent.get(`/api/beats/${flacBeat.id}/download-status`);
    expect(status.json()).toEqual({ canDownload: true, reason: 'license', formats: ['flac', 'mp3'] });

    // The licence covers WAV, but this beat has none: the FLAC is what to ask for.
    const wav = await ctx.stranger.agent.post(url(flacBeat.id), { format: 'wav' });
    expect(wav.statusCode).toBe(403);
    expect(wav.json()).toEqual({ error: 'This beat has no WAV file' });
    expect(await downloadsOf(ctx.stranger.id, flacBeat.id)).toBe(0);
  });
});

describe('POST /api/beats/{id}/download with a format', () => {
  it('401 signed out, whatever the body', async () => {
    for (const payload of [{ format: 'wav' }, { format: 'ogg' }]) {
      const res = await ctx.t.app.inject({ method: 'POST', url: url(ctx.wavBeat.id), payload });
      expect(res.statusCode).toBe(401);
    }
  });

  it('400 for a format that does not exist, and nothing is recorded', async () => {
    for (const payload of [{ format: 'ogg' }, { format: 'WAV' }, { format: 3 }, { format: null }]) {
      const res = await ctx.fan.agent.post(url(ctx.wavBeat.id), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^format: /);
    }
    expect(await downloadsOf(ctx.fan.id, ctx.wavBeat.id)).toBe(0);
    expect(await downloadCount(ctx.wavBeat.id)).toBe(0);
  });

  it('403 for a format the licence does not include, and nothing is recorded', async () => {
    const basicBeat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 800 });
    await buyLocally(ctx.stranger.agent, basicBeat, 'basic');
    const wav = await ctx.stranger.agent.post(url(basicBeat.id), { format: 'wav' });
    expect(wav.statusCode).toBe(403);
    expect(wav.json()).toEqual({ error: 'Your licence does not include WAV' });
    expect(await downloadsOf(ctx.stranger.id, basicBeat.id)).toBe(0);
    expect(await downloadCount(basicBeat.id)).toBe(0);

    // Premium of a WAV master: WAV and MP3, never FLAC (the server does not convert).
    const flac = await ctx.fan.agent.post(url(ctx.wavBeat.id), { format: 'flac' });
    expect(flac.statusCode).toBe(403);
    expect(flac.json()).toEqual({ error: 'Your licence does not include FLAC' });
    expect(await downloadsOf(ctx.fan.id, ctx.wavBeat.id)).toBe(0);

    // A free download is an MP3 only.
    const free = await ctx.stranger.agent.post(url(ctx.freeBeat.id), { format: 'wav' });
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({ error: 'A free download does not include WAV' });
    // The producer may have anything, but an MP3 master has no WAV to give.
    const own = await ctx.producer.agent.post(url(ctx.freeBeat.id), { format: 'wav' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: 'This beat has no WAV file' });
    expect(await ctx.t.app.db.prisma.download.count({ where: { beatId: ctx.freeBeat.id } })).toBe(0);
  });

  it('premium asking for WAV while preferring MP3: the WAV master through the signed URL', async () => {
    await setFormat(ctx.fan.id, 'mp3');
    const res = await ctx.fan.agent.post(url(ctx.wavBeat.id), { format: 'wav' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      downloadUrl: expect.stringMatching(/^\/api\/downloads\/[\w-]+\.[\w-]+$/),
      filename: 'Night Drive.wav',
      formatMatch: true,
      originalFormat: 'wav',
      userPreference: 'mp3',
    });
    expect(await downloadCount(ctx.wavBeat.id)).toBe(1);
    const recorded = await ctx.t.app.db.prisma.download.findMany({
      where: { userId: ctx.fan.id, beatId: ctx.wavBeat.id },
    });
    expect(recorded).toEqual([expect.objectContaining({ format: 'wav', licenseType: 'premium' })]);

    const file = await ctx.fan.agent.get(body.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="Night Drive.wav"');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(file.rawPayload.equals(wavFile())).toBe(true);
  });

  it('the Purchases list carries what each licence delivers', async () => {
    const purchases = (await ctx.fan.agent.get(`/api/users/${ctx.fan.id}/purchases`)).json();
    expect(purchases).toEqual([
      expect.objectContaining({ beat_id: ctx.wavBeat.id, formats: ['wav', 'mp3'] }),
    ]);
  });
});
