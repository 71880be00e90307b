import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAudio, uploadImage } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';
import { sweepUploadsJob } from './uploads.plugin';

describe('sweeping unused uploads', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  let producer: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    ({ agent: producer } = await signIn(app, 'producer@example.com'));
  });
  afterAll(async () => t?.close());

  const age = (key: string, hours: number) =>
    app.db.prisma.upload.update({
      where: { key },
      data: { createdAt: new Date(Date.now() - hours * 3600_000) },
    });
  const audio = async (seconds = 2) => (await uploadAudio(producer, wavFile(seconds))).json().key as string;
  const image = async () => (await uploadImage(producer)).json().key as string;
  const kept = async (key: string) =>
    (await app.db.prisma.upload.count({ where: { key } })) === 1 && (await app.storage.exists(key));

  it('runs hourly, once across instances', async () => {
    const session = await app.db.session();
    const rows = await session.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'uploads.sweep'`,
    );
    await session.release();
    expect(rows).toEqual([{ cron: '17 * * * *' }]);
  });

  it('deletes rows and files of uploads nobody used for 24 h, and nothing in use or recent', async () => {
    const [master, cover, picture, banner, voiceTag] = [
      await audio(),
      await image(),
      await image(),
      await image(),
      await audio(1),
    ];
    const created = await producer.post('/api/beats', {
      title: 'Used',
      genre: 'Trap',
      audio_file_key: master,
      cover_image_key: cover,
    });
    expect(created.statusCode).toBe(200);
    const profile = await producer.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { profile_image_key: picture, cover_image_key: banner, voice_tag_key: voiceTag },
    });
    expect(profile.statusCode).toBe(200);
    const [abandonedAudio, abandonedImage, recent, almostStale] = [
      await audio(),
      await image(),
      await audio(),
      await image(),
    ];
    for (const key of [master, cover, picture, banner, voiceTag, abandonedAudio, abandonedImage])
      await age(key, 25);
    await age(almostStale, 23);

    await app.jobs.send(sweepUploadsJob, {});
    await app.jobs.drained(sweepUploadsJob);

    for (const key of [abandonedAudio, abandonedImage]) {
      expect(await app.db.prisma.upload.count({ where: { key } })).toBe(0);
      expect(await app.storage.exists(key)).toBe(false);
    }
    for (const key of [master, cover, picture, banner, voiceTag, recent, almostStale]) {
      expect(await kept(key), key).toBe(true);
    }
    // The beat still plays and its producer keeps their pictures and tag.
    expect((await app.inject({ method: 'GET', url: `/api/beats/${created.json().id}` })).statusCode).toBe(
      200,
    );
    expect(profile.json().profile).toMatchObject({ profile_image_key: picture, voice_tag_key: voiceTag });
  });

  it('sweeps again later what became unused: a replaced picture', async () => {
    const { agent: fan } = await signIn(app, 'fan@example.com');
    const old = (await uploadImage(fan)).json().key as string;
    await fan.request({ method: 'PUT', url: '/api/profile', payload: { profile_image_key: old } });
    const replacement = (await uploadImage(fan)).json().key as string;
    await fan.request({ method: 'PUT', url: '/api/profile', payload: { profile_image_key: replacement } });
    await age(old, 30);
    await age(replacement, 30);
    expect(await app.uploads.sweepUnused(24 * 3600_000)).toBe(1);
    expect(await kept(old)).toBe(false);
    expect(await kept(replacement)).toBe(true);
  });
});
