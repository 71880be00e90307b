import { tmpdir } from 'node:os';
import { OfflineAudioContext } from 'node-web-audio-api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENRES, KEYS, MOODS } from '@beatroom/shared/catalogue-constants';
import { createTestApp } from '../../../../test/helpers';
import { loadConfig } from '../../../config';
import { analyseWav } from '../../catalogue/audio/wav';
import { barsFor, renderBeat, SYNTH_RATE } from './beat-synth';
import { DEMO_BEATS, DEMO_PRODUCERS, DEMO_REVIEWS } from './demo-catalogue';
import { createSeedRepository } from './seed.repository';
import { seedDemoCatalogue } from './seed.service';

describe('the demo catalogue data', () => {
  it('covers every genre, mood and key, with free, priced and featured beats', () => {
    expect(new Set(DEMO_BEATS.map((b) => b.genre))).toEqual(new Set(GENRES));
    expect(new Set(DEMO_BEATS.map((b) => b.mood))).toEqual(new Set(MOODS));
    expect(new Set(DEMO_BEATS.map((b) => b.key))).toEqual(new Set(KEYS));
    expect(DEMO_BEATS.filter((b) => b.price_cents === 0).length).toBeGreaterThanOrEqual(4);
    expect(DEMO_BEATS.filter((b) => b.featured).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_BEATS.length).toBeGreaterThanOrEqual(20);
  });

  it('renders 20 to 30 seconds at every tempo', () => {
    for (const bpm of [60, 72, 90, 128, 150, 200]) {
      const seconds = (barsFor(bpm) * 240) / bpm;
      expect(seconds, `${bpm} bpm`).toBeGreaterThanOrEqual(19);
      expect(seconds, `${bpm} bpm`).toBeLessThanOrEqual(31);
    }
  });

  it('renders audible audio with a beat (energy comes in pulses)', async () => {
    const samples = await renderBeat({ bpm: 120, key: 'A', mood: 'Dark', genre: 'Hip-Hop', seed: 1 });
    expect(samples.length / SYNTH_RATE).toBeGreaterThan(20);
    const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.8);
    expect(peak).toBeLessThanOrEqual(1);
    // Energy in the 50 ms after a kick (bar 2, step 0) is far above the quietest 50 ms nearby.
    const bar = (4 * 60) / 120;
    const rms = (from: number) => {
      let sum = 0;
      const start = Math.round(from * SYNTH_RATE);
      const n = Math.round(0.05 * SYNTH_RATE);
      for (let i = start; i < start + n; i++) sum += samples[i]! ** 2;
      return Math.sqrt(sum / n);
    };
    const onKick = rms(2 * bar);
    const between = Math.min(...[0.06, 0.09, 0.2].map((d) => rms(2 * bar + d)));
    expect(onKick).toBeGreaterThan(3 * between);
  });
});

describe('seedDemoCatalogue', () => {
  // A beat of each producer, priced, free and featured ones among them, and reviewed ones: every
  // path of the seed without rendering all the beats (seconds of CPU each; `npm start` and CI's
  // production install seed them all).
  const only = [0, 2, 6, 12, 18];
  const chosen = only.map((index) => DEMO_BEATS[index]!);
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let made: number | null;
  const progress: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    made = await seedDemoCatalogue({
      repo: createSeedRepository(t.app.db.prisma),
      uploads: t.app.uploads,
      beats: t.app.beats,
      social: t.app.beatSocial,
      onProgress: (done) => progress.push(done),
      only,
    });
  }, 180_000);
  afterAll(async () => t?.close());

  it('creates the producers and every beat asked for, reporting progress', async () => {
    expect(made).toBe(only.length);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    const beats = (await t.app.inject({ method: 'GET', url: '/api/beats?limit=100' })).json();
    expect(beats).toHaveLength(only.length);
    expect(new Set(beats.map((b: { title: string }) => b.title))).toEqual(
      new Set(chosen.map((b) => b.title)),
    );
    expect(new Set(beats.map((b: { producer_name: string }) => b.producer_name))).toEqual(
      new Set(DEMO_PRODUCERS.map((p) => p.name)),
    );
    expect(beats.filter((b: { is_featured: boolean }) => b.is_featured).length).toBe(
      chosen.filter((b) => b.featured).length,
    );
    expect(beats.filter((b: { is_free: boolean }) => b.is_free).length).toBe(
      chosen.filter((b) => b.price_cents === 0).length,
    );
  });

  it(
    'stores a private WAV master with a waveform, an MP3 preview, and an 800 px JPEG cover, for each beat',
    { timeout: 180_000 },
    async () => {
      // The first beat seeded is the first whose preview the background job renders.
      const beats = (await t.app.inject({ method: 'GET', url: '/api/beats?limit=100' })).json();
      const first = beats.find((b: { title: string }) => b.title === DEMO_BEATS[0]!.title);
      const read = async () => (await t.app.inject({ method: 'GET', url: `/api/beats/${first.id}` })).json();
      let detail = await read();
      expect(detail.duration_seconds).toBeGreaterThanOrEqual(20);
      expect(detail.duration_seconds).toBeLessThanOrEqual(31);
      expect(detail.peaks).toHaveLength(1000);

      const { audioFileKey } = await t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: first.id } });
      expect(audioFileKey).toMatch(/\.wav$/);
      const analysis = await analyseWav(await t.app.storage.get(audioFileKey));
      expect(Math.abs(analysis.durationSeconds - detail.duration_seconds)).toBeLessThanOrEqual(0.5);
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${audioFileKey}` })).statusCode).toBe(404);

      // The preview job encodes MP3 beside whatever else the machine runs (CI runs the journeys at
      // the same time): it gets minutes, not the suite's usual one.
      for (
        const deadline = Date.now() + 150_000;
        detail.preview_status !== 'ready' && Date.now() < deadline;
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        detail = await read();
      }
      const preview = await t.app.inject({ method: 'GET', url: detail.preview_url });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('audio/mpeg');
      const mp3 = await new OfflineAudioContext(1, 1, 44100).decodeAudioData(
        Uint8Array.from(preview.rawPayload).buffer,
      );
      expect(Math.abs(mp3.duration - analysis.durationSeconds)).toBeLessThanOrEqual(0.1);
      const cover = await t.app.inject({ method: 'GET', url: `/api/files/${detail.cover_image_key}` });
      expect(await sharp(cover.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 800,
        height: 800,
      });
    },
  );

  it('adds a few reviews and does nothing when run again', async () => {
    expect(await t.app.db.prisma.beatReview.count()).toBe(
      DEMO_REVIEWS.filter((review) => only.includes(review.beat)).length,
    );
    const again = await seedDemoCatalogue({
      repo: createSeedRepository(t.app.db.prisma),
      uploads: t.app.uploads,
      beats: t.app.beats,
      social: t.app.beatSocial,
    });
    expect(again).toBeNull();
    expect(await t.app.db.prisma.beat.count()).toBe(only.length);
  });
});

describe('the seed plugin', () => {
  it('seeds in the background once the server listens, and stops when it closes', async () => {
    const t = await createTestApp({ seedDemo: true });
    try {
      expect(await t.app.db.prisma.beat.count()).toBe(0); // nothing before listening
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await expect
        .poll(() => t.app.db.prisma.beat.count(), { timeout: 60_000, interval: 200 })
        .toBeGreaterThan(0);
    } finally {
      await t.close(); // aborts between beats instead of failing on a closed database
    }
  }, 120_000);

  it('is on by default, off with SEED_DEMO=0, and never on under NODE_ENV=test', () => {
    const base = { DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', SEED_DEMO: '1' }).seedDemo).toBe(false);
  });
});
