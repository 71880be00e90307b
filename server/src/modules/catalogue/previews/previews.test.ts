import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { OfflineAudioContext } from 'node-web-audio-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, uploadAudio } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { mp3File } from '../../../../test/media-fixtures';
import { buildApp } from '../../../app';
import { encodeWav } from '../audio/wav';
import { backfillPreviewsJob, renderPreviewJob } from './previews.service';

const onPostgres = !!process.env.TEST_DATABASE_URL;

function sine(seconds: number, sampleRate: number, frequency: number, amplitude: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
}

/** Power of one frequency over a stretch of seconds (Goertzel), normalised by length. */
function power(samples: Float32Array, rate: number, frequency: number, from: number, to: number) {
  const [start, end] = [Math.round(from * rate), Math.round(to * rate)];
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / rate);
  let [s1, s2] = [0, 0];
  for (let i = start; i < end; i++) [s1, s2] = [samples[i]! + coefficient * s1 - s2, s1];
  return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / (end - start) ** 2;
}

const decode = (mp3: Buffer) =>
  new OfflineAudioContext(1, 1, 44100).decodeAudioData(Uint8Array.from(mp3).buffer);

// A database and a storage directory that outlive one app: the last test restarts the server.
let t: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let producer: Agent;
let producerId: string;
beforeAll(async () => {
  t = await createTestApp(onPostgres ? {} : { databaseUrl: null });
  app = t.app;
  ({
    agent: producer,
    user: { id: producerId },
  } = await signIn(app, 'producer@example.com'));
});
afterAll(async () => {
  // The last test restarts the server: close the app running now before the database goes.
  if (app && app !== t?.app) await app.close();
  await t?.close();
});

const anonymous = (url: string) => app.inject({ method: 'GET', url });
// A new beat's render is queued by the beat.created event, delivered from the outbox after the
// upload answered: wait for the outbox first, then for the job.
const rendered = async () => {
  await app.domainEvents.drained({ timeoutMs: 60_000 });
  await app.jobs.drained(renderPreviewJob, { timeoutMs: 60_000 });
};

async function createBeat(master: Buffer, filename = 'master.wav') {
  const upload = await uploadAudio(producer, master, filename);
  expect(upload.statusCode).toBe(200);
  const masterKey = upload.json().key as string;
  const res = await producer.post('/api/beats', {
    title: 'Night Drive',
    genre: 'Trap',
    audio_file_key: masterKey,
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().id as string, masterKey };
}

describe('previews', () => {
  it('a beat without its preview shows pending and names no audio at all', async () => {
    const upload = await uploadAudio(producer);
    // Written straight to the database: no domain event, so no job renders it yet.
    const beat = await app.db.prisma.beat.create({
      data: {
        userId: producerId,
        title: 'Waiting',
        genre: 'Trap',
        audioFileKey: upload.json().key,
        producerName: 'P',
      },
    });
    const detail = (await anonymous(`/api/beats/${beat.id}`)).json();
    expect(detail).toMatchObject({ preview_status: 'pending', preview_url: null, audio_file_key: null });
    expect(JSON.stringify(detail)).not.toContain(upload.json().key);
  });

  it('renders a new beat a voice-tagged 128 kb/s preview and an MP3 320 of its lossless master', async () => {
    // The producer's tag: half a second of 1.8 kHz, set through the profile.
    const tag = await uploadAudio(producer, encodeWav([sine(0.5, 16000, 1800, 0.3)], 16000), 'tag.wav');
    expect(
      (
        await producer.request({
          method: 'PUT',
          url: '/api/profile',
          payload: { voice_tag_key: tag.json().key },
        })
      ).statusCode,
    ).toBe(200);

    const master = encodeWav([sine(3.5, 44100, 220, 0.6), sine(3.5, 44100, 220, 0.6)], 44100);
    const { id, masterKey } = await createBeat(master);
    await rendered();

    const detail = (await anonymous(`/api/beats/${id}`)).json();
    expect(detail.preview_status).toBe('ready');
    expect(detail.audio_file_key).toMatch(/^previews\/[0-9a-f-]{36}\.mp3$/);
    expect(detail.preview_url).toBe(`/api/files/${detail.audio_file_key}`);
    const listed = (await anonymous('/api/beats?limit=100')).json().find((b: { id: string }) => b.id === id);
    // The lean list card carries the preview's key where the player reads it (audio_file_key).
    expect(listed).toMatchObject({ preview_status: 'ready', audio_file_key: detail.audio_file_key });

    const preview = await anonymous(detail.preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect((preview.rawPayload.length * 8) / 3.5 / 1000).toBeCloseTo(128, -1);
    const audio = await decode(preview.rawPayload);
    expect(audio.numberOfChannels).toBe(2);
    expect(audio.duration).toBeGreaterThanOrEqual(3.5);
    expect(audio.duration).toBeLessThan(3.6);
    const samples = audio.getChannelData(0);
    expect(power(samples, 44100, 1800, 1.1, 1.4)).toBeGreaterThan(
      1000 * power(samples, 44100, 1800, 0.3, 0.7),
    );

    // The master and the rendition are for buyers only: never served publicly, to anyone.
    const rendition = await app.previews.rendition(id, 'mp3_320');
    expect(rendition?.storageKey).toMatch(/^renditions\/[0-9a-f-]{36}\.mp3$/);
    for (const key of [masterKey, rendition!.storageKey]) {
      expect((await anonymous(`/api/files/${key}`)).statusCode).toBe(404);
      expect((await producer.get(`/api/files/${key}`)).statusCode).toBe(404);
    }
    const mp3 = await buffer(await app.storage.get(rendition!.storageKey));
    expect((mp3.length * 8) / 3.5 / 1000).toBeCloseTo(320, -1);
    expect((await decode(mp3)).duration).toBeCloseTo(3.5, 1);
  });

  it('previews an MP3 master but makes no rendition: the MP3 itself is delivered', async () => {
    const { id } = await createBeat(mp3File(3), 'master.mp3');
    await rendered();
    expect((await anonymous(`/api/beats/${id}`)).json().preview_status).toBe('ready');
    expect(await app.previews.rendition(id, 'mp3_320')).toBeNull();
  });

  it('marks a beat whose master does not decode as failed, leaving no file behind', async () => {
    const before = storedFiles(t.config.dataDir).length;
    const upload = await uploadAudio(producer);
    // The stored master is damaged after its upload was checked: a header and no audio.
    await app.storage.put(upload.json().key, Readable.from([encodeWav([new Float32Array(0)], 8000)]), {
      contentType: 'audio/wav',
    });
    const res = await producer.post('/api/beats', {
      title: 'Broken',
      genre: 'Trap',
      audio_file_key: upload.json().key,
    });
    await rendered();
    const detail = (await anonymous(`/api/beats/${res.json().id}`)).json();
    expect(detail).toMatchObject({ preview_status: 'failed', preview_url: null, audio_file_key: null });
    expect(storedFiles(t.config.dataDir)).toHaveLength(before + 1); // the damaged master only
  });

  it('deletes the preview and the rendition with the beat', async () => {
    const { id } = await createBeat(encodeWav([sine(1, 22050, 330, 0.5)], 22050));
    await rendered();
    const made = await app.previews.filesOf(id);
    expect(made).toHaveLength(2);
    expect((await producer.request({ method: 'DELETE', url: `/api/beats/${id}` })).statusCode).toBe(204);
    for (const key of made) expect(await app.storage.exists(key)).toBe(false);
  });

  it('gives beats still without a preview one when the server starts', async () => {
    const upload = await uploadAudio(producer);
    const waiting = await app.db.prisma.beat.create({
      data: {
        userId: producerId,
        title: 'From before',
        genre: 'Trap',
        audioFileKey: upload.json().key,
        producerName: 'P',
      },
    });
    await app.close();
    app = await buildApp(t.config);
    await app.ready();
    // Start-up queues one backfill job, which queues a render per beat waiting.
    await app.jobs.drained(backfillPreviewsJob);
    await rendered();
    expect((await anonymous(`/api/beats/${waiting.id}`)).json().preview_status).toBe('ready');
  });
});
