import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../server/test/helpers';
import { unreachableUrl } from '../../server/test/free-port';
import { openLibraryDatabase, type LibraryDatabase } from '../src/main/library/database';
import { createLibraryService } from '../src/main/library/library-service';
import { createServerClient, ServerCallError } from '../src/main/library/server-client';
import { pngImage, wavTone } from './fixtures/media';

// The queue's promise, end to end: an upload queued offline survives the app being killed in the
// middle of a write, and is sent exactly once when the real server can be reached.

const root = fileURLToPath(new URL('../..', import.meta.url));
const child = fileURLToPath(new URL('./fixtures/crash-child.ts', import.meta.url));

let server: Awaited<ReturnType<typeof createTestApp>>;
let serverUrl = '';
let token = '';
let userId = '';
let dir = '';

async function serverBeats(): Promise<{ id: string; title: string; cover_image_key: string | null }[]> {
  const res = await fetch(`${serverUrl}/api/users/${userId}/beats`);
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; title: string; cover_image_key: string | null }[];
}

/** Runs the child until it is inside its write transaction, then SIGKILLs it. */
async function queueOfflineThenCrash(dbFile: string, libraryDir: string, offline: string) {
  const audio = join(dir, 'my beat.wav');
  const cover = join(dir, 'cover.png');
  writeFileSync(audio, wavTone());
  writeFileSync(cover, pngImage());
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', child, dbFile, libraryDir, audio, cover, userId, offline],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let errors = '';
  proc.stderr.on('data', (data: Buffer) => (errors += data.toString()));
  const uploadId = await new Promise<string>((resolve, reject) => {
    proc.on('exit', (code) => reject(new Error(`child exited early (${code}): ${errors}`)));
    proc.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('IN_TRANSACTION')) {
        proc.kill('SIGKILL');
        resolve(/QUEUED (\S+)/.exec(output)![1]!);
      }
    });
  });
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.signalCode);
    else proc.on('exit', (_code, killedBy) => resolve(killedBy));
  });
  expect(signal).toBe('SIGKILL');
  // The originals may go away: the queue holds its own copies.
  rmSync(audio);
  rmSync(cover);
  return uploadId;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-queue-'));
  server = await createTestApp();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const session = await signIn(server.app, 'producer@example.com');
  token = session.agent.cookies.get('beatroom_session')!;
  userId = session.user.id;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the upload queue across a crash and an outage', () => {
  let db: LibraryDatabase;
  let uploadId = '';
  const dbFile = () => join(dir, 'library', 'library.db');
  const libraryDir = () => join(dir, 'library');

  it('keeps a queued upload intact when the process dies mid-transaction', async () => {
    uploadId = await queueOfflineThenCrash(dbFile(), libraryDir(), await unreachableUrl());

    db = openLibraryDatabase(dbFile());
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db.prepare('SELECT * FROM uploads').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    // Exactly as last committed: the offline attempt failed; nothing of the killed transaction.
    expect(rows[0]).toMatchObject({
      id: uploadId,
      state: 'failed',
      owner_id: userId,
      audio_key: null,
      cover_key: null,
      beat_id: null,
      attempts: 1,
      audio_name: 'my beat.wav',
      cover_name: 'cover.png',
    });
    expect(rows[0]!.next_attempt_at).toEqual(expect.any(String));
    expect(db.prepare("SELECT COUNT(*) AS n FROM beats WHERE id LIKE 'ghost-%'").get()).toEqual({ n: 0 });
    // The files to send are in the library folder, not wherever the user picked them.
    expect(existsSync(rows[0]!.audio_path as string)).toBe(true);
    expect((rows[0]!.audio_path as string).startsWith(libraryDir())).toBe(true);
    expect(existsSync(rows[0]!.cover_path as string)).toBe(true);
    expect(await serverBeats()).toEqual([]);
  });

  it('is sent exactly once when the server is reachable again', async () => {
    let target = await unreachableUrl();
    let clock = new Date();
    const changes: number[] = [];
    const library = createLibraryService({
      db,
      dir: libraryDir(),
      client: createServerClient({ serverUrl: () => target, token: () => token }),
      owner: () => userId,
      onUploadsChanged: (items) => changes.push(items[0]?.progress ?? -1),
      onLibraryChanged: () => {},
      now: () => clock,
    });

    // Still offline: the retry fails again and is scheduled further out; nothing reached the server.
    clock = new Date(clock.getTime() + 3600_000);
    await library.uploader.run();
    expect(library.queue.get(uploadId)).toMatchObject({ state: 'failed', attempts: 2, audio_key: null });
    expect(await serverBeats()).toEqual([]);

    // The server is back.
    target = serverUrl;
    clock = new Date(clock.getTime() + 3600_000);
    await Promise.all([library.uploader.run(), library.uploader.run()]);
    const done = library.queue.get(uploadId);
    expect(done).toMatchObject({ state: 'done', progress: 100, error: null });
    expect(done.audio_key).toMatch(/^audio\//);
    expect(done.cover_key).toMatch(/^images\//);

    const beats = await serverBeats();
    expect(beats).toHaveLength(1);
    expect(beats[0]).toMatchObject({ id: done.beat_id, title: 'Crash Survivor' });
    expect(beats[0]!.cover_image_key).toBe(done.cover_key);
    // Progress went up step by step to 100.
    expect(changes.filter((p) => p > 0).length).toBeGreaterThan(2);
    expect(changes.at(-1)).toBe(100);
    // The copies are gone once the server has the beat.
    expect(readdirSync(join(libraryDir(), 'uploads'))).toEqual([]);

    // Running again sends nothing more.
    await library.uploader.run();
    expect(await serverBeats()).toHaveLength(1);
    library.uploader.stop();
  });

  it('creates the beat once when the answer to the create is lost and the call is repeated', async () => {
    let createdIds: string[] = [];
    let loseNextAnswer = true;
    let clock = new Date(Date.now() + 7200_000);
    const client = createServerClient({ serverUrl, token: () => token });
    const library = createLibraryService({
      db,
      dir: libraryDir(),
      client,
      transport: {
        uploadFile: client.uploadFile,
        async createBeat(body, key, signal) {
          const id = await client.createBeat(body, key, signal);
          createdIds.push(id);
          if (loseNextAnswer) {
            // The server created the beat, but the connection dropped before the app heard.
            loseNextAnswer = false;
            throw new ServerCallError('The Beatroom server cannot be reached.', null);
          }
          return id;
        },
      },
      owner: () => userId,
      onUploadsChanged: () => {},
      onLibraryChanged: () => {},
      now: () => clock,
    });
    const audio = join(dir, 'second.wav');
    writeFileSync(audio, wavTone(1));
    const item = library.enqueue({
      audio: library.grantPickedFile(audio, 'audio').id,
      cover: null,
      beat: { title: 'Lost Answer', genre: 'Drill', price_cents: 1500 },
    });

    await library.uploader.run();
    expect(library.queue.get(item.id)).toMatchObject({ state: 'failed', beat_id: null });
    expect(library.queue.get(item.id).audio_key).toMatch(/^audio\//);

    clock = new Date(clock.getTime() + 3600_000);
    await library.uploader.run();
    const done = library.queue.get(item.id);
    expect(done.state).toBe('done');
    expect(createdIds).toHaveLength(2);
    expect(createdIds[1]).toBe(createdIds[0]);
    expect(done.beat_id).toBe(createdIds[0]);
    const beats = await serverBeats();
    expect(beats.map((b) => b.title).sort()).toEqual(['Crash Survivor', 'Lost Answer']);
    createdIds = [];
    library.uploader.stop();
  });

  it('mirrors the producer’s beats and caches their covers for offline browsing', async () => {
    const client = createServerClient({ serverUrl, token: () => token });
    const library = createLibraryService({
      db,
      dir: libraryDir(),
      client,
      owner: () => userId,
      onUploadsChanged: () => {},
      onLibraryChanged: () => {},
    });
    const result = await library.sync();
    expect(result).toMatchObject({ count: 2, error: null });
    const listing = library.list({ search: 'crash' });
    expect(listing.beats.map((b) => b.title)).toEqual(['Crash Survivor']);
    const coverUrl = listing.beats[0]!.coverUrl!;
    expect(coverUrl).toMatch(/^app:\/\/beatroom\/library-covers\/.+\.jpg$/);
    const file = library.coverPath(coverUrl.split('/').pop()!);
    expect(file && existsSync(file)).toBe(true);
    expect(library.list({ sort: 'title' }).beats.map((b) => b.title)).toEqual([
      'Crash Survivor',
      'Lost Answer',
    ]);

    // Offline: the mirror stays, and the sync says why it did not refresh.
    const offline = createLibraryService({
      db,
      dir: libraryDir(),
      client: createServerClient({ serverUrl: await unreachableUrl(), token: () => token }),
      owner: () => userId,
      onUploadsChanged: () => {},
      onLibraryChanged: () => {},
    });
    expect((await offline.sync()).error).toMatch(/Offline/);
    expect(offline.list({}).beats).toHaveLength(2);
    db.close();
  });
});
