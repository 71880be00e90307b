import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyUploadMessage,
  formatBytes,
  storageQuotaMessage,
  type UploadQuota,
} from '@beatroom/shared/upload-quota-contract';
import { storedFiles, uploadAudio, uploadImage, uploadRows } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';

// wavFile(1) is 16,044 bytes: the quota holds two such files and a bit, not three.
const ONE_FILE = wavFile(1).length;
const QUOTA = 2 * ONE_FILE + 5000;

describe('storage quota per user (STORAGE_QUOTA_BYTES)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ann: Agent;
  let bob: Agent;
  beforeAll(async () => {
    t = await createTestApp({}, { STORAGE_QUOTA_BYTES: String(QUOTA) });
    ({ agent: ann } = await signIn(t.app, 'quota.ann@example.com'));
    ({ agent: bob } = await signIn(t.app, 'quota.bob@example.com'));
  });
  afterAll(async () => t?.close());

  const quotaOf = async (agent: Agent) => (await agent.get('/api/uploads/quota')).json() as UploadQuota;

  it('GET /api/uploads/quota: 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uploads/quota' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the quota, what is used and what is left; uploads count against their own user only', async () => {
    expect(await quotaOf(ann)).toMatchObject({ quota_bytes: QUOTA, used_bytes: 0, remaining_bytes: QUOTA });
    expect((await uploadAudio(ann, wavFile(1))).statusCode).toBe(200);
    expect(await quotaOf(ann)).toMatchObject({ used_bytes: ONE_FILE, remaining_bytes: QUOTA - ONE_FILE });
    // The wrong user: Bob's figures are his own.
    expect(await quotaOf(bob)).toMatchObject({ used_bytes: 0, remaining_bytes: QUOTA });
  });

  it('refuses a file larger than what is left with a 413 naming it, and stores nothing of it', async () => {
    expect((await uploadAudio(ann, wavFile(1))).statusCode).toBe(200);
    const left = (await quotaOf(ann)).remaining_bytes;
    expect(left).toBe(QUOTA - 2 * ONE_FILE);
    const files = storedFiles(t.config.dataDir).length;
    const rows = await uploadRows(t.app);

    const res = await uploadAudio(ann, wavFile(1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(storageQuotaMessage({ quota_bytes: QUOTA, remaining_bytes: left }));
    expect(res.json().error).toContain(`${formatBytes(left)} of storage you have left`);
    expect(storedFiles(t.config.dataDir)).toHaveLength(files);
    expect(await uploadRows(t.app)).toBe(rows);
    // Images count against the same quota.
    expect((await uploadImage(ann)).statusCode).toBe(413);
    // Bob still has his whole quota.
    expect((await uploadAudio(bob, wavFile(1))).statusCode).toBe(200);
  });

  it('refuses any upload once the storage is full, before reading it', async () => {
    await t.app.db.prisma.upload.updateMany({
      where: { user: { email: 'quota.ann@example.com' } },
      data: { sizeBytes: QUOTA },
    });
    expect(await quotaOf(ann)).toMatchObject({ remaining_bytes: 0 });
    const res = await uploadAudio(ann, wavFile(1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/^Your storage is full/);
  });
});

describe('upload limits per user: bytes per day and attempts per hour', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({}, { UPLOAD_BYTES_PER_DAY: String(ONE_FILE + 100), UPLOAD_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t?.close());

  it('bytes per day: a second file past the daily allowance is refused (413) naming what is left today', async () => {
    const { agent } = await signIn(t.app, 'daily@example.com');
    expect((await uploadAudio(agent, wavFile(1))).statusCode).toBe(200);
    const res = await uploadAudio(agent, wavFile(1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(
      dailyUploadMessage({ daily_limit_bytes: ONE_FILE + 100, daily_remaining_bytes: 100 }),
    );
    // A day later the allowance is back.
    await t.app.db.prisma.upload.updateMany({ data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    expect((await uploadAudio(agent, wavFile(1))).statusCode).toBe(200);
  });

  it('attempts per hour: the fourth is 429, failed attempts count, other users are not affected', async () => {
    const { agent } = await signIn(t.app, 'burst@example.com');
    const bad = Buffer.from('not audio at all, just text');
    for (let i = 0; i < 3; i++) expect((await uploadAudio(agent, bad)).statusCode).toBe(400);
    const res = await uploadAudio(agent, wavFile(1));
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many requests/);
    const other = await signIn(t.app, 'calm@example.com');
    expect((await uploadAudio(other.agent, bad)).statusCode).toBe(400);
  });
});
