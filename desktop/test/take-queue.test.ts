import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../server/test/helpers';
import { unreachableUrl } from '../../server/test/free-port';
import { insertPlayableBeat, WEBM_TAKE } from '../../server/test/recording-fixtures';
// app.db's declaration, which the type check sees only where the db plugin's module is imported.
import type {} from '../../server/src/plugins/db';
import { openLibraryDatabase, type LibraryDatabase } from '../src/main/library/database';
import { createLibraryService } from '../src/main/library/library-service';
import { createServerClient } from '../src/main/library/server-client';
import { takeFormatOf } from '../src/main/library/take-file';
import { createTakeQueue, TakeQueueError } from '../src/main/library/take-queue';
import { createTakeUploader } from '../src/main/library/take-uploader';
import { wavTone } from './fixtures/media';

// The desktop studio's promise: a take is kept in the local library first and sent by
// the take queue, so a take recorded offline, or while the server is down, is never lost, and
// is saved on the real server exactly once.

let server: Awaited<ReturnType<typeof createTestApp>>;
let serverUrl = '';
let offlineUrl = '';
let token = '';
let userId = '';
let beatId = '';
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-takes-'));
  server = await createTestApp();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  offlineUrl = await unreachableUrl();
  const session = await signIn(server.app, 'desk.vocalist@example.com');
  token = session.agent.cookies.get('beatroom_session')!;
  userId = session.user.id;
  const producer = await signIn(server.app, 'desk.producer@example.com');
  beatId = (await insertPlayableBeat(server.app, producer.user.id, { title: 'Desk Beat' })).id;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function library(name: string) {
  const db: LibraryDatabase = openLibraryDatabase(join(dir, `${name}.db`));
  let url = offlineUrl;
  let clock = new Date('2026-11-26T20:00:00.000Z');
  const queue = createTakeQueue(db, { dir: join(dir, name, 'takes'), now: () => clock });
  const client = createServerClient({ serverUrl: () => url, token: () => token });
  const timers: number[] = [];
  const uploader = createTakeUploader({
    queue,
    transport: client,
    owner: () => userId,
    onChange: () => {},
    now: () => clock,
    setTimer: (_callback, ms) => {
      timers.push(ms);
      return { cancel: () => {} };
    },
  });
  return {
    db,
    queue,
    client,
    uploader,
    timers,
    online: () => (url = serverUrl),
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

const serverTakes = () => server.app.db.prisma.recording.findMany({ where: { userId } });

describe('desktop take queue against the real server', () => {
  it('keeps a take recorded offline on disk, and saves it once the server is reachable', async () => {
    const lib = library('offline');
    const take = lib.queue.add({
      ownerId: userId,
      beatId,
      recordingName: 'Desk Beat - Vocal Cover',
      isPublic: true,
      format: 'webm',
      bytes: WEBM_TAKE,
    });
    // Kept before anything is sent: the file is in the library, byte for byte.
    expect(readFileSync(take.file_path).equals(WEBM_TAKE)).toBe(true);

    await lib.uploader.run();
    const waiting = lib.queue.get(take.id);
    expect(waiting).toMatchObject({ state: 'failed', attempts: 1, recording_id: null });
    expect(waiting.error).toBe('The Beatroom server cannot be reached.');
    expect(lib.timers).toEqual([5000]);
    expect(existsSync(take.file_path)).toBe(true);

    // The app restarts (a new queue on the same file) and the connection comes back.
    lib.db.close();
    const restarted = library('offline');
    restarted.online();
    await restarted.uploader.runNow();
    const done = restarted.queue.get(take.id);
    expect(done.state).toBe('done');
    const saved = await serverTakes();
    expect(saved.map((r) => r.id)).toEqual([done.recording_id]);
    expect(saved[0]).toMatchObject({
      recordingName: 'Desk Beat - Vocal Cover',
      isPublic: true,
      format: 'webm',
    });
    // The take stays in the local library.
    expect(existsSync(take.file_path)).toBe(true);
    restarted.db.close();
  });

  it('a take sent again after a lost answer (a crash mid-upload) is saved once', async () => {
    const lib = library('crash');
    lib.online();
    const take = lib.queue.add({
      ownerId: userId,
      beatId,
      recordingName: 'Mix',
      isPublic: false,
      format: 'wav',
      bytes: wavTone(1),
    });
    const before = (await serverTakes()).length;
    // The first attempt reached the server, but the app died before recording the answer.
    const first = await lib.client.uploadTake(
      { path: take.file_path, format: 'wav', beatId, recordingName: 'Mix', isPublic: false },
      take.idempotency_key,
      () => {},
    );
    lib.queue.begin(take.id); // the row still says "uploading" after the crash
    await lib.uploader.run();
    expect(lib.queue.get(take.id)).toMatchObject({ state: 'done', recording_id: first });
    expect((await serverTakes()).length).toBe(before + 1);
    lib.db.close();
  });

  it('a take the server refuses waits for the user instead of retrying forever', async () => {
    const lib = library('refused');
    lib.online();
    const take = lib.queue.add({
      ownerId: userId,
      beatId: '00000000-0000-4000-8000-000000000000',
      recordingName: 'Lost beat',
      isPublic: false,
      format: 'webm',
      bytes: WEBM_TAKE,
    });
    await lib.uploader.run();
    expect(lib.queue.get(take.id)).toMatchObject({
      state: 'failed',
      error: 'Beat not found',
      next_attempt_at: null,
    });
    expect(lib.queue.retry(take.id).state).toBe('queued');
    expect(lib.queue.cancel(take.id).state).toBe('cancelled');
    expect(existsSync(take.file_path)).toBe(false);
    lib.db.close();
  });

  it('refuses, before keeping anything, what cannot be a take', () => {
    const lib = library('junk');
    const base = { ownerId: userId, beatId, recordingName: 'x', isPublic: false } as const;
    expect(() => lib.queue.add({ ...base, format: 'webm', bytes: Buffer.from('lyrics, not audio') })).toThrow(
      TakeQueueError,
    );
    expect(() => lib.queue.add({ ...base, format: 'wav', bytes: WEBM_TAKE })).toThrow(TakeQueueError);
    expect(() => lib.queue.add({ ...base, recordingName: '  ', format: 'webm', bytes: WEBM_TAKE })).toThrow(
      'Please enter a name for your recording.',
    );
    expect(lib.queue.list(userId)).toEqual([]);
    expect(takeFormatOf(WEBM_TAKE)).toBe('webm');
    expect(takeFormatOf(wavTone(1))).toBe('wav');
    lib.db.close();
  });

  it('the library service: Save Recording over IPC keeps the take, lists it, and sends it', async () => {
    const db = openLibraryDatabase(join(dir, 'service.db'));
    let owner: string | null = userId;
    const service = createLibraryService({
      db,
      dir: join(dir, 'service'),
      client: createServerClient({ serverUrl, token: () => token }),
      owner: () => owner,
      onUploadsChanged: () => {},
      onLibraryChanged: () => {},
    });
    // What the renderer sends through the bridge: the recorder's bytes as a Uint8Array.
    const queued = service.enqueueTake({
      beatId,
      recordingName: '  Service Take ',
      isPublic: false,
      format: 'webm',
      audio: new Uint8Array(WEBM_TAKE),
    });
    expect(queued).toMatchObject({
      recordingName: 'Service Take',
      size: WEBM_TAKE.length,
      recordingId: null,
    });
    await service.takeUploader.run();
    const [listed] = service.listTakes();
    expect(listed).toMatchObject({ id: queued.id, state: 'done' });
    const saved = await server.app.db.prisma.recording.findUniqueOrThrow({
      where: { id: listed!.recordingId! },
    });
    expect(saved.recordingName).toBe('Service Take');

    expect(() =>
      service.enqueueTake({
        beatId,
        recordingName: 'x',
        isPublic: false,
        format: 'webm',
        audio: new Uint8Array(),
      }),
    ).toThrow('The take holds no audio');
    // Another account sees none of these takes and cannot touch them.
    owner = 'someone-else';
    expect(service.listTakes()).toEqual([]);
    expect(() => service.cancelTake(queued.id)).toThrow('This take is no longer in the queue.');
    service.takeUploader.stop();
    db.close();
  });
});
