import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverRenditionKey } from '@beatroom/shared/files-contract';
import { createBeat, image, storedFiles, uploadImage } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { backfillRenditionsJob } from './uploads.plugin';

// Every uploaded image gets 256 and 512 px WebP renditions, public like the image, named after
// it; images stored before renditions existed get theirs from a start-up job.
let t: Awaited<ReturnType<typeof createTestApp>>;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signIn(t.app, 'covers@example.com'));
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function clear() {
  await t.app.db.prisma.beat.deleteMany();
  await t.app.db.prisma.upload.deleteMany();
  for (const file of imageFiles()) await t.app.storage.delete(file);
}

/** Stored images and their renditions (a beat's audio and preview are not this test's business). */
function imageFiles(): string[] {
  return storedFiles(t.config.dataDir).filter((file) => file.startsWith('images'));
}

/** As a server from before the mark left its rows: no image known to have its renditions. */
async function forgetMarks() {
  await t.app.db.prisma.upload.updateMany({ data: { renditionsMadeAt: null } });
}

/** Counts storage lookups (`exists`) from now on; the returned function answers how many so far. */
function countStorageLookups(): () => number {
  const spy = vi.spyOn(t.app.storage, 'exists');
  spy.mockClear();
  return () => spy.mock.calls.length;
}

async function fetchImage(key: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

describe('renditions made at upload', () => {
  beforeEach(clear);

  it('stores a 256 and a 512 px WebP beside the JPEG, served publicly and cached for a year', async () => {
    const res = await uploadImage(agent, await image(1600, 900));
    expect(res.statusCode).toBe(200);
    const key = res.json().key as string;
    const small = coverRenditionKey(key, 256)!;
    const medium = coverRenditionKey(key, 512)!;
    expect(small).toBe(key.replace(/^images\/(.+)\.jpg$/, 'images-256/$1.webp'));
    expect(imageFiles().sort()).toEqual([key, small, medium].sort());

    const original = await fetchImage(key);
    for (const [rendition, width, height] of [
      [small, 256, 144],
      [medium, 512, 288],
    ] as const) {
      const { res: served, meta } = await fetchImage(rendition);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(served.rawPayload.length).toBeLessThan(original.res.rawPayload.length);
    }
  });

  it('never enlarges a small image', async () => {
    const key = (await uploadImage(agent, await image(200, 120))).json().key as string;
    expect((await fetchImage(coverRenditionKey(key, 256)!)).meta).toMatchObject({ width: 200, height: 120 });
    expect((await fetchImage(coverRenditionKey(key, 512)!)).meta).toMatchObject({ width: 200, height: 120 });
  });

  it('leaves no rendition behind for an image it refuses', async () => {
    const res = await uploadImage(agent, Buffer.from('not an image at all'));
    expect(res.statusCode).toBe(400);
    expect(imageFiles()).toEqual([]);
  });

  it('deletes the renditions with their image (a beat deleted with its cover)', async () => {
    const cover = (await uploadImage(agent)).json().key as string;
    const beatId = await createBeat(agent, { cover_image_key: cover });
    expect(imageFiles()).toContain(coverRenditionKey(cover, 512));
    const res = await agent.request({ method: 'DELETE', url: `/api/beats/${beatId}` });
    expect(res.statusCode).toBe(204);
    const left = imageFiles();
    expect(left).not.toContain(cover);
    expect(left).not.toContain(coverRenditionKey(cover, 256));
    expect(left).not.toContain(coverRenditionKey(cover, 512));
  });
});

describe('renditions for images stored before them', () => {
  beforeEach(clear);

  it('the start-up job makes the missing renditions of every stored image, and only those', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) keys.push((await uploadImage(agent, await image(900 + i, 600))).json().key);
    // As an older server left them: the JPEG only (one image still has its small rendition).
    const files = join(t.config.dataDir, 'files');
    for (const key of keys) rmSync(join(files, coverRenditionKey(key, 512)!));
    for (const key of keys.slice(1)) rmSync(join(files, coverRenditionKey(key, 256)!));
    await forgetMarks();
    expect(imageFiles().sort()).toEqual([...keys, coverRenditionKey(keys[0]!, 256)!].sort());

    await t.app.jobs.send(backfillRenditionsJob, {}, { singletonKey: 'all' });
    await t.app.jobs.drained(backfillRenditionsJob, { timeoutMs: 30_000 });

    for (const key of keys) {
      expect((await fetchImage(coverRenditionKey(key, 256)!)).meta).toMatchObject({
        format: 'webp',
        width: 256,
      });
      expect((await fetchImage(coverRenditionKey(key, 512)!)).meta).toMatchObject({
        format: 'webp',
        width: 512,
      });
    }
    // Nothing left to do: a second run renders nothing, and asks storage nothing.
    const asked = countStorageLookups();
    expect(await t.app.uploads.backfillRenditions()).toBe(0);
    expect(asked()).toBe(0);
  });

  it('visits only images without the mark: one uploaded now is never looked up in storage', async () => {
    const key = (await uploadImage(agent)).json().key as string;
    const row = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key } });
    expect(row.renditionsMadeAt).toBeInstanceOf(Date);
    const asked = countStorageLookups();
    expect(await t.app.uploads.backfillRenditions()).toBe(0);
    expect(asked()).toBe(0);
  });

  it('marks an older image whose renditions are already stored, without rendering it again', async () => {
    const key = (await uploadImage(agent)).json().key as string;
    await forgetMarks();
    const asked = countStorageLookups();
    expect(await t.app.uploads.backfillRenditions()).toBe(0);
    // The two renditions were looked up once; the image itself never needed reading.
    expect(asked()).toBe(2);
    const row = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key } });
    expect(row.renditionsMadeAt).toBeInstanceOf(Date);
    const again = countStorageLookups();
    expect(await t.app.uploads.backfillRenditions()).toBe(0);
    expect(again()).toBe(0);
  });

  it('skips an image whose file is gone without failing the others', async () => {
    const gone = (await uploadImage(agent)).json().key as string;
    const kept = (await uploadImage(agent)).json().key as string;
    const files = join(t.config.dataDir, 'files');
    for (const key of [gone, kept]) rmSync(join(files, coverRenditionKey(key, 512)!));
    rmSync(join(files, gone));
    await forgetMarks();
    expect(await t.app.uploads.backfillRenditions()).toBe(1);
    expect(imageFiles()).toContain(coverRenditionKey(kept, 512));
    expect(imageFiles()).not.toContain(coverRenditionKey(gone, 512));
    // The missing image stays unmarked (a restored file gets its renditions next time).
    const marks = await t.app.db.prisma.upload.findMany({ select: { key: true, renditionsMadeAt: true } });
    expect(marks.find((row) => row.key === gone)?.renditionsMadeAt).toBeNull();
    expect(marks.find((row) => row.key === kept)?.renditionsMadeAt).toBeInstanceOf(Date);
  });
});
