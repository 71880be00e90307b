import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, watch } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/free-port';
import { storedFiles } from '../../../../test/catalogue';
import { createTemplatedDatabase } from '../../../../test/test-database';
import { SERVER_DIR } from '../../../server-dir';
import { wavHeader } from '../audio/wav';
import { renditionKeysOf } from '../../platform/storage/storage';
import { ORPHAN_GRACE_MS } from './orphan-sweep';

// The real server process (server/src/main.ts) killed with SIGKILL mid-upload and
// mid-analysis, then started again: its start-up sweep must leave exactly the files rows name.
const base = process.env.TEST_DATABASE_URL;

/** A mono 44.1 kHz WAV of about `megabytes` MB: big enough that storing and analysing take a while. */
function bigWav(megabytes: number): Buffer {
  const second = Buffer.alloc(2 * 44100);
  for (let i = 0; i < 44100; i++)
    second.writeInt16LE(Math.round(9000 * Math.sin((2 * Math.PI * 330 * i) / 44100)), 2 * i);
  const seconds = Math.floor((megabytes * 1024 * 1024) / second.length);
  return Buffer.concat([wavHeader(seconds * second.length, 1, 44100), ...Array(seconds).fill(second)]);
}

function multipartHead(boundary: string, field: string, filename: string, type: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}

describe.skipIf(!base)('kill -9 during uploads, then start-up (set TEST_DATABASE_URL)', () => {
  // Copied from the migrated template (server/test/test-database.ts); start-up still checks it.
  let database: Awaited<ReturnType<typeof createTemplatedDatabase>> | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-kill-'));
  const files = join(dataDir, 'files');
  let child: ChildProcess | null = null;
  let app = '';
  let db: pg.Client | null = null;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await db?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const port = await freePort();
    app = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_DIR, 'src', 'main.ts')], {
      cwd: join(SERVER_DIR, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: app,
        SERVE_WEB: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database!.url,
        RATE_LIMIT_MAX: '100000',
        SIGN_IN_RATE_LIMIT_MAX: '100000',
        UPLOAD_RATE_LIMIT_MAX: '100000',
        UPLOAD_BYTES_PER_DAY: String(10 * 1024 ** 3),
        STORAGE_QUOTA_BYTES: String(10 * 1024 ** 3),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(
        () =>
          fetch(`${app}/api/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000, interval: 100 },
      )
      .toBe(200);
  }

  async function signIn(email: string): Promise<string> {
    const startRes = await fetch(`${app}/api/oauth/google/redirect_url`);
    const stateCookie = startRes.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { redirectUrl } = (await startRes.json()) as { redirectUrl: string };
    const issuer = await fetch(`${redirectUrl}&login_hint=${encodeURIComponent(email)}`, {
      redirect: 'manual',
    });
    const back = new URL(issuer.headers.get('location')!);
    const session = await fetch(`${app}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: stateCookie },
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    expect(session.status).toBe(200);
    return session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** Sends `bytes` of an audio upload and keeps the request open (the rest never comes). */
  function startUpload(cookie: string, body: Buffer, sendBytes: number) {
    const boundary = `kill${randomBytes(8).toString('hex')}`;
    const head = multipartHead(boundary, 'audio', 'big.wav', 'audio/wav');
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = request(`${app}/api/upload/audio`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + body.length + tail.length,
      },
    });
    req.on('error', () => {}); // the server is about to die under it
    req.write(head);
    req.write(body.subarray(0, sendBytes));
    if (sendBytes >= body.length) req.end(tail);
    return req;
  }

  async function upload(
    cookie: string,
    field: 'audio' | 'image',
    body: Buffer,
    type: string,
  ): Promise<string> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(body)], { type }), field === 'audio' ? 'a.wav' : 'i.png');
    const res = await fetch(`${app}/api/upload/${field}`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { key: string }).key;
  }

  const uploadKeys = async () =>
    new Set((await db!.query<{ key: string }>('SELECT key FROM uploads')).rows.map((r) => r.key));
  const keysOnDisk = () => storedFiles(dataDir).filter((path) => !path.startsWith('.tmp/'));
  const ageEverything = () => {
    const then = new Date(Date.now() - ORPHAN_GRACE_MS - 3600_000);
    for (const path of storedFiles(dataDir)) utimesSync(join(files, path), then, then);
  };

  it('leaves no file without its row, and keeps every file with one', async () => {
    database = await createTemplatedDatabase(base!);
    await start();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();

    let cookie = await signIn('killed@example.com');
    const wav = bigWav(24);
    // Files with rows, which must survive everything below.
    const kept = [
      await upload(cookie, 'audio', bigWav(1), 'audio/wav'),
      await upload(
        cookie,
        'image',
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
        'image/png',
      ),
    ];
    const keptFiles = [...kept, ...renditionKeysOf(kept[1]!)];

    // One kill catches two uploads (a server start fewer than a kill each): the first stopped
    // mid-stream, its half in storage's temporary folder; the second mid-analysis, its file stored
    // under its key and its row not yet written. The kill follows the second file's arrival by a
    // watch event; should the row win that race, try again on a fresh start.
    const tmpFiles = () => (existsSync(join(files, '.tmp')) ? readdirSync(join(files, '.tmp')).length : 0);
    let orphan: string | null = null;
    let partialLeft = false;
    for (let attempt = 0; attempt < 4 && !orphan; attempt++) {
      if (attempt > 0) {
        await start();
        cookie = await signIn('killed@example.com');
      }
      const partialsBefore = tmpFiles();
      const halfway = startUpload(cookie, wav, 12 * 1024 * 1024);
      await expect.poll(tmpFiles, { timeout: 30_000, interval: 20 }).toBeGreaterThan(partialsBefore);
      const before = new Set(readdirSync(join(files, 'audio')));
      let arrived: string | null = null;
      const watcher = watch(join(files, 'audio'), (_event, filename) => {
        if (!arrived && filename && !before.has(filename)) {
          arrived = `audio/${filename}`;
          child!.kill('SIGKILL');
        }
      });
      const exited = new Promise((r) => child!.once('exit', r));
      const full = startUpload(cookie, wav, wav.length);
      await exited;
      watcher.close();
      full.destroy();
      halfway.destroy();
      // The half upload was still open when the process died: its partial stays behind.
      if (tmpFiles() > 0) partialLeft = true;
      if (arrived && existsSync(join(files, arrived)) && !(await uploadKeys()).has(arrived)) orphan = arrived;
    }
    expect(partialLeft, 'a partial upload left in the temporary folder').toBe(true);
    expect(orphan, 'a file stored without its row').not.toBeNull();

    // An hour later (the grace period, so an upload in flight is never touched), the server
    // starts again: its start-up sweep deletes the orphan and the partial, nothing else.
    ageEverything();
    await start();
    await expect.poll(() => existsSync(join(files, orphan!)), { timeout: 60_000, interval: 200 }).toBe(false);
    expect(readdirSync(join(files, '.tmp'))).toEqual([]);

    const rows = await uploadKeys();
    const withRows = [...rows].flatMap((key) => [key, ...renditionKeysOf(key)]);
    expect(keysOnDisk().sort()).toEqual(withRows.sort());
    for (const key of keptFiles) expect(keysOnDisk()).toContain(key);
  }, 300_000);
});
