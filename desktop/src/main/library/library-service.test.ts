import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLibraryDatabase, type LibraryDatabase } from './database';
import { createLibraryService } from './library-service';
import { createServerClient } from './server-client';

let dir: string;
let db: LibraryDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-service-'));
  db = openLibraryDatabase(join(dir, 'library', 'library.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function service(options: { owner?: string | null; fetch?: typeof fetch } = {}) {
  const requests: { url: string; headers: Headers }[] = [];
  const fakeFetch =
    options.fetch ??
    (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response('file-bytes', { status: 200 });
    });
  const shell = { openPath: vi.fn(async () => ''), showItemInFolder: vi.fn() };
  const library = createLibraryService({
    db,
    dir: join(dir, 'library'),
    client: createServerClient({
      serverUrl: 'http://server.test',
      token: () => 'tok',
      fetch: fakeFetch as typeof fetch,
    }),
    owner: () => (options.owner === undefined ? 'u1' : options.owner),
    onUploadsChanged: () => {},
    onLibraryChanged: () => {},
    transport: { uploadFile: () => new Promise(() => {}), createBeat: () => new Promise(() => {}) },
    shell,
  });
  return { library, requests, shell };
}

describe('picked files', () => {
  it('accepts audio and images by extension and refuses others and oversized files', () => {
    const { library } = service();
    writeFileSync(join(dir, 'a.WAV'), 'x');
    writeFileSync(join(dir, 'c.png'), 'x');
    writeFileSync(join(dir, 'x.exe'), 'x');
    expect(library.grantPickedFile(join(dir, 'a.WAV'), 'audio')).toMatchObject({ name: 'a.WAV', size: 1 });
    expect(library.grantPickedFile(join(dir, 'c.png'), 'image').name).toBe('c.png');
    expect(() => library.grantPickedFile(join(dir, 'x.exe'), 'audio')).toThrow('MP3, WAV, FLAC supported');
    expect(() => library.grantPickedFile(join(dir, 'a.WAV'), 'image')).toThrow(/JPG or PNG/);
  });

  it('queues only files granted through a dialog, copying them into the library', () => {
    const { library } = service();
    writeFileSync(join(dir, 'a.wav'), 'audio-bytes');
    const picked = library.grantPickedFile(join(dir, 'a.wav'), 'audio');
    const beat = { title: 'T', genre: 'Trap' as const };
    expect(() => library.enqueue({ audio: 'made-up-id', cover: null, beat })).toThrow(
      'Please select an audio file',
    );
    const item = library.enqueue({ audio: picked.id, cover: null, beat });
    const row = library.queue.get(item.id);
    expect(row.audio_path).toBe(join(dir, 'library', 'uploads', item.id, 'audio.wav'));
    expect(readFileSync(row.audio_path, 'utf8')).toBe('audio-bytes');
    expect(row.idempotency_key).toBe(`desktop-upload-${item.id}`);
    // A grant is used once.
    expect(() => library.enqueue({ audio: picked.id, cover: null, beat })).toThrow();
  });

  it('needs a signed-in account to queue, and hides other accounts’ uploads', () => {
    writeFileSync(join(dir, 'a.wav'), 'x');
    const signedOut = service({ owner: null });
    const picked = signedOut.library.grantPickedFile(join(dir, 'a.wav'), 'audio');
    expect(() =>
      signedOut.library.enqueue({ audio: picked.id, cover: null, beat: { title: 'T', genre: 'Trap' } }),
    ).toThrow(/Sign in/);
    const ada = service({ owner: 'ada' });
    const item = ada.library.enqueue({
      audio: ada.library.grantPickedFile(join(dir, 'a.wav'), 'audio').id,
      cover: null,
      beat: { title: 'T', genre: 'Trap' },
    });
    const bob = service({ owner: 'bob' });
    expect(bob.library.listUploads()).toEqual([]);
    expect(() => bob.library.cancelUpload(item.id)).toThrow(/no longer in the queue/);
  });
});

describe('saved files', () => {
  it('downloads with the bearer token to the chosen place, and remembers the file', async () => {
    const { library, requests, shell } = service();
    mkdirSync(join(dir, 'Downloads'));
    const target = join(dir, 'Downloads', 'beat.mp3');
    const result = await library.download(
      { path: '/api/files/audio/x.mp3', suggestedName: 'beat.mp3' },
      async () => target,
    );
    expect(result).toMatchObject({ saved: true, file: { name: 'beat.mp3', size: 10, exists: true } });
    expect(readFileSync(target, 'utf8')).toBe('file-bytes');
    expect(requests[0]).toMatchObject({ url: 'http://server.test/api/files/audio/x.mp3' });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok');

    const listed = library.list({ search: 'beat' }).savedFiles;
    expect(listed).toHaveLength(1);
    expect(await library.openFile(listed[0]!.id)).toEqual({ opened: true });
    expect(shell.openPath).toHaveBeenCalledWith(target);
    expect(library.revealFile(listed[0]!.id)).toEqual({ revealed: true });
    expect(shell.showItemInFolder).toHaveBeenCalledWith(target);

    rmSync(target);
    expect(library.list({}).savedFiles[0]!.exists).toBe(false);
    expect(await library.openFile(listed[0]!.id)).toEqual({ opened: false });
    expect(await library.openFile('unknown')).toEqual({ opened: false });
  });

  it('saves nothing when the user cancels the dialog, and leaves no partial file on failure', async () => {
    const { library } = service();
    expect(
      await library.download({ path: '/api/files/a', suggestedName: 'a.mp3' }, async () => null),
    ).toEqual({
      saved: false,
      file: null,
    });
    const failing = service({
      fetch: (async () => new Response('{"error":"Not found"}', { status: 404 })) as typeof fetch,
    });
    const target = join(dir, 'x.mp3');
    await expect(
      failing.library.download({ path: '/api/files/a', suggestedName: 'x.mp3' }, async () => target),
    ).rejects.toThrow();
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.part`)).toBe(false);
  });
});

describe('covers', () => {
  it('maps only well-formed cover names to files in the covers folder', () => {
    const { library } = service();
    expect(library.coverPath('b1-0123456789abcdef.jpg')).toBe(
      join(dir, 'library', 'covers', 'b1-0123456789abcdef.jpg'),
    );
    expect(library.coverPath('../library.db')).toBeNull();
    expect(library.coverPath('b1-0123456789abcdef.jpg/../../x')).toBeNull();
  });
});
