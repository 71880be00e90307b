import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIO_KEY_PATTERN, IMAGE_KEY_PATTERN } from '@beatroom/shared/files-contract';
import { image, storedFiles, uploadAudio, uploadImage, uploadRows } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import {
  executable,
  flacFile,
  mp3File,
  multipart,
  pngClaiming,
  SVG,
  wavFile,
  withClaimedFlacSamples,
} from '../../../../test/media-fixtures';
import {
  AUDIO_EMPTY,
  AUDIO_TOO_LARGE,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  NOT_AUDIO,
  NOT_IMAGE,
} from './uploads.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signIn(t.app, 'uploader@example.com'));
});
afterAll(async () => t?.close());

async function expectNothingLeft() {
  expect(storedFiles(t.config.dataDir)).toEqual([]);
  expect(await uploadRows(t.app)).toBe(0);
}

async function clear() {
  await t.app.db.prisma.upload.deleteMany();
  for (const file of storedFiles(t.config.dataDir)) await t.app.storage.delete(file);
}

describe('POST /api/upload/audio', () => {
  beforeEach(clear);

  it('401 when signed out, storing nothing', async () => {
    const { payload, headers } = multipart('audio', 'a.wav', wavFile());
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/audio', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Sign in required' });
    await expectNothingLeft();
  });

  it('stores a WAV with its duration and about 1000 waveform peaks', async () => {
    const res = await uploadAudio(agent, wavFile(12, 8000), 'My Beat.wav');
    expect(res.statusCode).toBe(200);
    const { key } = res.json();
    expect(key).toMatch(AUDIO_KEY_PATTERN);
    expect(key.endsWith('.wav')).toBe(true);
    const row = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key } });
    expect(row).toMatchObject({ kind: 'audio', contentType: 'audio/wav', originalName: 'My Beat.wav' });
    expect(row.durationSeconds).toBeCloseTo(12, 2);
    const peaks = row.peaks as [number, number][];
    expect(peaks).toHaveLength(1000);
    // The fixture fades in: silent at the start, loud at the end.
    expect(Math.abs(peaks[0]![1])).toBeLessThan(0.01);
    expect(peaks[999]![1]).toBeGreaterThan(0.45);
    expect(peaks[999]![0]).toBeLessThan(-0.45);
    expect(storedFiles(t.config.dataDir)).toEqual([key]);
  });

  it('accepts FLAC and MP3 by their content, whatever the file is called', async () => {
    const flac = await uploadAudio(agent, flacFile(3), 'track.mp3');
    expect(flac.statusCode).toBe(200);
    expect(flac.json().key.endsWith('.flac')).toBe(true);
    const flacRow = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key: flac.json().key } });
    expect(flacRow.durationSeconds).toBeCloseTo(3, 2);
    expect((flacRow.peaks as [number, number][]).at(-1)![1]).toBeGreaterThan(0.45);

    const mp3 = await uploadAudio(agent, mp3File(2), 'track.wav');
    expect(mp3.statusCode).toBe(200);
    expect(mp3.json().key.endsWith('.mp3')).toBe(true);
    const mp3Row = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key: mp3.json().key } });
    expect(mp3Row.durationSeconds).toBeGreaterThan(1.9);
    expect(mp3Row.contentType).toBe('audio/mpeg');
  });

  it('measures a FLAC by its audio, not by the length its header claims (a 2 s file claimed 99 days)', async () => {
    const res = await uploadAudio(agent, withClaimedFlacSamples(flacFile(2), 2 ** 36 - 1), 'claims.flac');
    expect(res.statusCode).toBe(200);
    const row = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key: res.json().key } });
    expect(row.durationSeconds).toBeCloseTo(2, 1);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), AUDIO_EMPTY],
    ['an executable renamed .wav', executable(), NOT_AUDIO],
    ['an SVG', SVG, NOT_AUDIO],
    ['a PNG', pngClaiming(10, 10), NOT_AUDIO],
    ['a RIFF header with no audio', Buffer.from('RIFF\x24\x00\x00\x00WAVEjunk', 'latin1'), NOT_AUDIO],
    [
      'an ID3 tag followed by junk',
      Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00'), executable()]),
      NOT_AUDIO,
    ],
  ])('400 for %s, leaving nothing behind', async (_name, content, message) => {
    const res = await uploadAudio(agent, content, 'beat.wav');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    await expectNothingLeft();
  });

  it('413 for 50 MB + 1 byte, leaving nothing behind', async () => {
    const wav = wavFile(1);
    const big = Buffer.alloc(50 * 1024 * 1024 + 1);
    wav.copy(big);
    const res = await uploadAudio(agent, big, 'big.wav');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: AUDIO_TOO_LARGE });
    await expectNothingLeft();
  });

  it('400 without a file, in the wrong field, or not multipart', async () => {
    const wrong = multipart('file', 'a.wav', wavFile());
    const res = await agent.request({ method: 'POST', url: '/api/upload/audio', ...wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('"audio"');
    const json = await agent.post('/api/upload/audio', { audio: 'x' });
    expect(json.statusCode).toBe(400);
    await expectNothingLeft();
  });

  it.each(['/api/upload/audio', '/api/upload/image'])(
    '400 for multipart without a boundary at %s, leaving nothing behind',
    async (url) => {
      const { payload } = multipart('audio', 'a.wav', wavFile());
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; charset=utf-8',
      ]) {
        const res = await agent.request({ method: 'POST', url, payload, headers: { 'content-type': type } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(/multipart\/form-data/);
      }
      await expectNothingLeft();
    },
  );

  it('leaves nothing behind when the client goes away mid-upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const boundary = 'abortboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\n`;
    let partial: string[] = [];
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/audio',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': 10_000_000,
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(wavFile(60, 22050).subarray(0, 2_000_000));
      setTimeout(() => {
        partial = storedFiles(t.config.dataDir);
        req.destroy();
        resolve();
      }, 300);
    });
    // The upload was really under way: a partial file existed, out of sight under .tmp/.
    expect(partial).toHaveLength(1);
    expect(partial[0]).toMatch(/^\.tmp\//);
    // The server notices the closed socket, fails the storage write and cleans up.
    await expect.poll(() => storedFiles(t.config.dataDir)).toEqual([]);
    expect(await uploadRows(t.app)).toBe(0);
  });
});

describe('POST /api/upload/image', () => {
  beforeEach(clear);

  it('401 when signed out', async () => {
    const { payload, headers } = multipart('image', 'a.png', await image());
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers });
    expect(res.statusCode).toBe(401);
    await expectNothingLeft();
  });

  it.each(['png', 'jpeg', 'webp'] as const)('re-encodes a %s as a JPEG of at most 800 px', async (format) => {
    const res = await uploadImage(agent, await image(1600, 900, format), `cover.${format}`);
    expect(res.statusCode).toBe(200);
    const { key } = res.json();
    expect(key).toMatch(IMAGE_KEY_PATTERN);
    const stored = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 450 });
  });

  it('keeps small images small and strips their metadata', async () => {
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret location' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const res = await uploadImage(agent, tagged, 'small.jpg');
    expect(res.statusCode).toBe(200);
    const stored = await t.app.inject({ method: 'GET', url: `/api/files/${res.json().key}` });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('secret location'))).toBe(false);
  });

  it.each([
    ['an SVG', SVG, NOT_IMAGE],
    ['an executable', executable(), NOT_IMAGE],
    ['a WAV', wavFile(), NOT_IMAGE],
    ['an image of enormous dimensions', pngClaiming(100_000, 100_000), IMAGE_TOO_MANY_PIXELS],
    ['an empty file', Buffer.alloc(0), 'The image file is empty'],
    ['a truncated PNG', pngClaiming(10, 10).subarray(0, 40), 'The image could not be read'],
  ])('400 for %s, leaving nothing behind', async (_name, content, message) => {
    const res = await uploadImage(agent, content, 'cover.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    await expectNothingLeft();
  });

  it('413 above 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    (await image(10, 10)).copy(big);
    const res = await uploadImage(agent, big, 'huge.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: IMAGE_TOO_LARGE });
    await expectNothingLeft();
  });
});
