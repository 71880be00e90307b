import { randomUUID } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, uploadAudio, uploadImage } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';
import { renderPreviewJob } from '../previews/previews.service';
import { newKey, renditionKeysOf, type KeyFolder } from '../../platform/storage/storage';
import { createOrphanSweep, ORPHAN_GRACE_MS, ownerKeyOf } from './orphan-sweep';
import { sweepOrphansJob } from './uploads.plugin';
import { createUploadsRepository } from './uploads.repository';

describe('the orphan sweep: files no row names', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  let producer: Agent;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    root = join(t.config.dataDir, 'files');
    ({ agent: producer } = await signIn(app, 'producer@example.com'));
  });
  afterAll(async () => t?.close());

  /** Makes a file look older than the grace period, as if written two hours ago. */
  const age = (path: string) => {
    const then = new Date(Date.now() - ORPHAN_GRACE_MS - 3600_000);
    utimesSync(join(root, path), then, then);
  };
  const stored = () => new Set(storedFiles(t.config.dataDir));
  /** A file stored with no row, like one whose process was killed before writing its row. */
  const orphan = async (folder: KeyFolder | 'recordings' | 'support', extension: string) => {
    const key = `${folder}/${randomUUID()}.${extension}`;
    await app.storage.put(key, Readable.from([Buffer.from(`orphan ${key}`)]), { contentType: 'x/y' });
    return key;
  };
  const sweep = () =>
    createOrphanSweep({ repo: createUploadsRepository(app.db.prisma), storage: app.storage, log: app.log })();

  it('is scheduled hourly and sent at start-up, once across instances', async () => {
    const session = await app.db.session();
    const schedule = await session.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'uploads.orphans'`,
    );
    const sent = await session.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'uploads.orphans'`,
    );
    await session.release();
    expect(schedule).toEqual([{ cron: '47 * * * *' }]);
    expect(sent[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('deletes old files nothing names in every folder, and keeps named, young and foreign files', async () => {
    // Files rows name: a beat's master, cover, preview and rendition; a profile's picture,
    // cover and voice tag; an upload not used yet (the uploads sweep's to judge, after 24 h).
    const master = (await uploadAudio(producer, wavFile(2))).json().key as string;
    const cover = (await uploadImage(producer)).json().key as string;
    const beat = await producer.post('/api/beats', {
      title: 'Kept',
      genre: 'Trap',
      audio_file_key: master,
      cover_image_key: cover,
    });
    expect(beat.statusCode).toBe(200);
    // The preview is queued by the beat's creation, possibly through the outbox: wait for it.
    await expect
      .poll(
        async () => {
          await app.jobs.drained(renderPreviewJob, { timeoutMs: 60_000 });
          return (await app.db.prisma.beat.findUniqueOrThrow({ where: { id: beat.json().id } }))
            .previewStatus;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('ready');
    const row = await app.db.prisma.beat.findUniqueOrThrow({
      where: { id: beat.json().id },
      include: { renditions: true },
    });
    expect(row.previewKey).toMatch(/^previews\//);
    expect(row.renditions).toHaveLength(1);
    const [avatar, banner] = [
      (await uploadImage(producer)).json().key,
      (await uploadImage(producer)).json().key,
    ];
    const voiceTag = (await uploadAudio(producer, wavFile(1))).json().key as string;
    const profile = await producer.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { profile_image_key: avatar, cover_image_key: banner, voice_tag_key: voiceTag },
    });
    expect(profile.statusCode).toBe(200);
    const unused = (await uploadAudio(producer, wavFile(1))).json().key as string;
    const named = [
      master,
      cover,
      ...renditionKeysOf(cover),
      row.previewKey!,
      row.renditions[0]!.storageKey,
      avatar,
      ...renditionKeysOf(avatar),
      banner,
      ...renditionKeysOf(banner),
      voiceTag,
      unused,
    ];

    // Orphans in every folder: an image with its renditions, and a rendition alone.
    const orphanImage = await orphan('images', 'jpg');
    for (const key of renditionKeysOf(orphanImage)) {
      await app.storage.put(key, Readable.from([Buffer.from('webp')]), { contentType: 'image/webp' });
    }
    const orphans = [
      await orphan('audio', 'wav'),
      orphanImage,
      ...renditionKeysOf(orphanImage),
      await orphan('images-512', 'webp'),
      await orphan('previews', 'mp3'),
      await orphan('renditions', 'mp3'),
    ];
    // Other modules' files: a studio take and a support attachment, each with its row.
    const { id: producerId } = await app.db.prisma.user.findFirstOrThrow({
      where: { email: 'producer@example.com' },
    });
    const take = await orphan('recordings', 'webm');
    await app.db.prisma.recording.create({
      data: {
        userId: producerId,
        recordingName: 'Take 1',
        fileKey: take,
        fileSize: 10,
        format: 'webm',
        durationSeconds: 1,
        peaks: [],
      },
    });
    const attachment = await orphan('support', 'pdf');
    await app.db.prisma.supportAttachment.create({
      data: { key: attachment, uploaderId: producerId, contentType: 'application/pdf', sizeBytes: 10 },
    });
    named.push(take, attachment);
    orphans.push(await orphan('recordings', 'webm'), await orphan('support', 'pdf'));

    for (const path of stored()) age(path);
    // Written just now (an upload being analysed, a preview being rendered): not judged yet.
    const young = await orphan('audio', 'mp3');
    // Not a key the server makes: not the sweep's to delete.
    writeFileSync(join(root, 'audio', 'README.txt'), 'someone else put this here');
    age('audio/README.txt');

    await app.jobs.send(sweepOrphansJob, {});
    await app.jobs.drained(sweepOrphansJob);

    const left = stored();
    for (const key of orphans) expect(left.has(key), key).toBe(false);
    for (const key of [...named, young, 'audio/README.txt']) expect(left.has(key), key).toBe(true);
    // The beat still plays, from its preview.
    const preview = await app.inject({ method: 'GET', url: `/api/files/${row.previewKey}` });
    expect(preview.statusCode).toBe(200);
    // Nothing left to do: a second sweep judges the same files and deletes none.
    expect(await sweep()).toMatchObject({ deleted: 0, partials: 0 });
  });

  it('deletes the file of a row that went without it (a sweep killed between the two)', async () => {
    const key = (await uploadImage(producer)).json().key as string;
    await app.db.prisma.upload.delete({ where: { key } });
    for (const path of [key, ...renditionKeysOf(key)]) age(path);
    const result = await sweep();
    // The image is deleted and its renditions with it (withDerivedFiles), before their turn.
    expect(result.deleted).toBe(1);
    const left = stored();
    for (const path of [key, ...renditionKeysOf(key)]) expect(left.has(path), path).toBe(false);
  });

  it('removes partial files older than the grace period, and keeps one being written', async () => {
    const tmp = join(root, '.tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'killed-mid-upload'), Buffer.alloc(1024));
    writeFileSync(join(tmp, 'being-written'), Buffer.alloc(1024));
    age('.tmp/killed-mid-upload');
    expect(await sweep()).toMatchObject({ partials: 1 });
    const left = stored();
    expect(left.has('.tmp/killed-mid-upload')).toBe(false);
    expect(left.has('.tmp/being-written')).toBe(true);
  });

  it('judges a rendition by its image', () => {
    const image = newKey('images', 'jpg');
    for (const rendition of renditionKeysOf(image)) expect(ownerKeyOf(rendition)).toBe(image);
    const audio = newKey('audio', 'wav');
    expect(ownerKeyOf(audio)).toBe(audio);
  });
});
