import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLibraryDatabase, type LibraryDatabase } from './database';
import { ServerCallError } from './server-client';
import { createUploadQueue, resumeState, type UploadQueue, type UploadRecord } from './upload-queue';
import { retryDelayMs, SIGN_IN_TO_CONTINUE } from './queue-runner';
import { createUploader, type UploadTransport } from './uploader';

let dir: string;
let db: LibraryDatabase;
let queue: UploadQueue;
let clock: Date;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-uploader-'));
  db = openLibraryDatabase(join(dir, 'library.db'));
  clock = new Date('2026-03-01T12:00:00.000Z');
  queue = createUploadQueue(db, { now: () => clock });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function add(id: string, withCover = false, owner = 'u1') {
  writeFileSync(join(dir, `${id}.wav`), 'RIFF');
  if (withCover) writeFileSync(join(dir, `${id}.png`), 'PNG');
  return queue.add({
    id,
    ownerId: owner,
    idempotencyKey: `key-${id}`,
    fields: { title: `Beat ${id}`, genre: 'Trap', price_cents: 0, is_free: true },
    audio: { path: join(dir, `${id}.wav`), name: `${id}.wav` },
    cover: withCover ? { path: join(dir, `${id}.png`), name: `${id}.png` } : null,
  });
}

/** A server that answers from scripts; each call is recorded. */
function transport(script: Partial<Record<'audio' | 'image' | 'create', () => Promise<string>>> = {}) {
  const calls: string[] = [];
  const created: { body: unknown; key: string }[] = [];
  const fake: UploadTransport = {
    async uploadFile(kind, _file, onProgress) {
      calls.push(kind);
      onProgress(0.5);
      onProgress(1);
      return (script[kind] ?? (async () => (kind === 'audio' ? 'audio/a.wav' : 'images/c.jpg')))();
    },
    async createBeat(body, key) {
      calls.push('create');
      created.push({ body, key });
      return (script.create ?? (async () => 'beat-1'))();
    },
  };
  return { fake, calls, created };
}

function uploader(t: UploadTransport, owner: () => string | null = () => 'u1') {
  const timers: { ms: number }[] = [];
  const finished: string[] = [];
  const instance = createUploader({
    queue,
    transport: t,
    owner,
    onChange: () => {},
    onFinished: (id) => finished.push(id),
    now: () => clock,
    setTimer: (_callback, ms) => {
      timers.push({ ms });
      return { cancel: () => {} };
    },
  });
  return { instance, timers, finished };
}

describe('resumeState', () => {
  const base = {
    beat_id: null,
    audio_key: null,
    cover_path: null,
    cover_key: null,
    cover_skipped: 0,
  } as UploadRecord;
  it('picks up at the first step whose key is missing', () => {
    expect(resumeState(base)).toBe('uploading_audio');
    expect(resumeState({ ...base, audio_key: 'a' })).toBe('creating');
    expect(resumeState({ ...base, audio_key: 'a', cover_path: '/c' })).toBe('uploading_cover');
    expect(resumeState({ ...base, audio_key: 'a', cover_path: '/c', cover_key: 'c' })).toBe('creating');
    expect(resumeState({ ...base, audio_key: 'a', cover_path: '/c', cover_skipped: 1 })).toBe('creating');
    expect(resumeState({ ...base, audio_key: 'a', beat_id: 'b' })).toBe('done');
  });
});

describe('uploader', () => {
  it('runs queued → audio → cover → creating → done, with the keys and the idempotency key', async () => {
    add('q1', true);
    const t = transport();
    const { instance, finished } = uploader(t.fake);
    await instance.run();
    expect(t.calls).toEqual(['audio', 'image', 'create']);
    expect(t.created[0]).toEqual({
      key: 'key-q1',
      body: expect.objectContaining({
        audio_file_key: 'audio/a.wav',
        cover_image_key: 'images/c.jpg',
        title: 'Beat q1',
      }),
    });
    expect(queue.get('q1')).toMatchObject({ state: 'done', beat_id: 'beat-1', progress: 100 });
    expect(finished).toEqual(['q1']);
  });

  it('after a failure resumes at the failed step without sending finished steps again', async () => {
    add('q1', true);
    let fail = true;
    const t = transport({
      image: async () => {
        if (fail) throw new ServerCallError('The Beatroom server cannot be reached.', null);
        return 'images/c.jpg';
      },
    });
    const { instance, timers } = uploader(t.fake);
    await instance.run();
    expect(queue.get('q1')).toMatchObject({ state: 'failed', audio_key: 'audio/a.wav', attempts: 1 });
    expect(queue.get('q1').next_attempt_at).toBe(new Date(clock.getTime() + retryDelayMs(1)).toISOString());
    expect(timers.at(-1)?.ms).toBe(retryDelayMs(1));

    fail = false;
    clock = new Date(clock.getTime() + retryDelayMs(1));
    await instance.run();
    expect(t.calls).toEqual(['audio', 'image', 'image', 'create']);
    expect(queue.get('q1').state).toBe('done');
  });

  it('backs off 5 s, doubling, to at most 10 minutes, and never gives up', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(50)).toBe(600_000);
  });

  it('creates the beat without a cover the server refused', async () => {
    add('q1', true);
    const t = transport({
      image: async () => {
        throw new ServerCallError('Unsupported image', 400);
      },
    });
    await uploader(t.fake).instance.run();
    expect(queue.get('q1')).toMatchObject({ state: 'done', cover_skipped: 1, cover_key: null });
    expect(t.created[0]!.body).toMatchObject({ cover_image_key: null });
  });

  it('stops without retrying when the server refuses the content, until retried by hand', async () => {
    add('q1');
    const t = transport({
      create: async () => {
        throw new ServerCallError('title: Title is required', 400);
      },
    });
    const { instance } = uploader(t.fake);
    await instance.run();
    expect(queue.get('q1')).toMatchObject({
      state: 'failed',
      error: 'title: Title is required',
      next_attempt_at: null,
    });
    clock = new Date(clock.getTime() + 86_400_000);
    await instance.run();
    expect(t.calls.filter((c) => c === 'create')).toHaveLength(1);
    expect(queue.retry('q1').state).toBe('queued');
  });

  it('waits for a sign-in after a 401 and goes on after it', async () => {
    add('q1');
    let signedIn = false;
    const t = transport({
      audio: async () => {
        if (!signedIn) throw new ServerCallError('Sign in required', 401);
        return 'audio/a.wav';
      },
    });
    const { instance } = uploader(t.fake);
    await instance.run();
    expect(queue.get('q1')).toMatchObject({
      state: 'failed',
      error: SIGN_IN_TO_CONTINUE,
      next_attempt_at: null,
    });
    signedIn = true;
    await instance.resumeAfterSignIn();
    expect(queue.get('q1').state).toBe('done');
  });

  it('sends only the signed-in account’s uploads, and nothing when signed out', async () => {
    add('mine');
    add('theirs', false, 'u2');
    const t = transport();
    let owner: string | null = null;
    const { instance } = uploader(t.fake, () => owner);
    await instance.run();
    expect(t.calls).toEqual([]);
    owner = 'u1';
    await instance.run();
    expect(queue.get('mine').state).toBe('done');
    expect(queue.get('theirs').state).toBe('queued');
  });

  it('cancels an upload in flight and never creates its beat', async () => {
    add('q1');
    let release: () => void = () => {};
    const t: UploadTransport = {
      uploadFile: (_kind, _file, _progress, signal) =>
        new Promise((resolve, reject) => {
          release = () => resolve('audio/a.wav');
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      createBeat: vi.fn(async () => 'beat-1'),
    };
    const { instance, finished } = uploader(t);
    const running = instance.run();
    await vi.waitFor(() => expect(queue.get('q1').state).toBe('uploading_audio'));
    instance.cancel('q1');
    release();
    await running;
    expect(queue.get('q1').state).toBe('cancelled');
    expect(t.createBeat).not.toHaveBeenCalled();
    expect(finished).toEqual(['q1']);
    expect(() => queue.retry('q1')).toThrow();
  });

  it('refuses to cancel a finished upload', async () => {
    add('q1');
    await uploader(transport().fake).instance.run();
    expect(() => queue.cancel('q1')).toThrow(/already finished/);
  });

  it('hands uploads from before accounts (schema 1) to the first account that signs in', async () => {
    add('old');
    db.prepare('UPDATE uploads SET owner_id = NULL').run();
    const t = transport();
    await uploader(t.fake).instance.resumeAfterSignIn();
    expect(queue.get('old')).toMatchObject({ owner_id: 'u1', state: 'done' });
  });
});

describe('coming back online', () => {
  it('sends uploads waiting out a backoff at once, but not ones the server refused', async () => {
    add('offline');
    add('refused');
    let online = false;
    const t = transport({
      audio: async () => {
        if (!online) throw new ServerCallError('The Beatroom server cannot be reached.', null);
        return 'audio/a.wav';
      },
    });
    const { instance } = uploader(t.fake);
    await instance.run();
    queue.failed('refused', 'Unsupported audio', null);
    expect(queue.get('offline').state).toBe('failed');
    online = true;
    await instance.run();
    expect(queue.get('offline').state).toBe('failed'); // its retry time has not come
    await instance.runNow();
    expect(queue.get('offline').state).toBe('done');
    expect(queue.get('refused').state).toBe('failed');
  });
});
