import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDING_MAX_BYTES } from '@beatroom/shared/recordings-contract';
import { describe, expect, it } from 'vitest';
import { UNTRUSTED_SENDER } from '../ipc/ipc-registry';
import { useLibraryFixture } from './library-ipc.test-setup';
import type { LibraryService } from './library-service';

const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 7, 7, 7]);

const fixture = useLibraryFixture('beatroom-timeline-takes-');
const dir = () => fixture.libraryDir();

/** A server that keeps take files by the id in the query; `reachable` false is being offline. */
function fakeServer() {
  const server = { reachable: false, uploads: [] as { url: string; body: string }[] };
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    if (!server.reachable) throw new TypeError('fetch failed');
    const url = String(input);
    const body = Buffer.from(await new Response(init?.body).arrayBuffer()).toString('latin1');
    server.uploads.push({ url, body });
    const id = `${new URL(url).searchParams.get('id')}.webm`;
    return Response.json({ id, size: WEBM.length }, { status: 201 });
  };
  return { server, fetch: fetch as typeof globalThis.fetch };
}

const library = fixture.library;

/** The timeline channels as the app registers them, behind an in-memory ipcMain. */
const ipcFor = (service: LibraryService) => fixture.ipc(service)<{ id?: string; audio?: Uint8Array | null }>;

const rowOf = (id: string) =>
  fixture.db().prepare('SELECT state, file_path, size FROM timeline_takes WHERE id = ?').get(id) as
    { state: string; file_path: string; size: number } | undefined;

describe('timeline takes through IPC', () => {
  it('keeps a take under takes/timeline/<id> and reads it back by that id', async () => {
    const invoke = ipcFor(library(fakeServer().fetch));
    const kept = await invoke('timeline:keepTake', { audio: WEBM });
    if (!kept.ok) throw new Error(kept.error);
    const id = kept.data.id!;
    expect(id).toMatch(/^[0-9a-f-]{36}\.webm$/);
    expect(existsSync(join(dir(), 'takes', 'timeline', id))).toBe(true);
    expect(rowOf(id)).toMatchObject({ state: expect.any(String), size: WEBM.length });
    const read = await invoke('timeline:readTake', { id });
    expect(read).toEqual({ ok: true, data: { audio: WEBM } });
  });

  it('refuses ids that are not take ids (paths), oversized or non-audio takes, and other senders', async () => {
    const invoke = ipcFor(library(fakeServer().fetch));
    for (const id of [
      '../../library.db',
      '..%2F..%2Fetc%2Fpasswd',
      `${'a'.repeat(36)}.webm`,
      'x.webm/../y',
    ]) {
      const answer = await invoke('timeline:readTake', { id });
      expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid request: /) });
    }
    const big = await invoke('timeline:keepTake', { audio: new Uint8Array(RECORDING_MAX_BYTES + 1) });
    expect(big).toMatchObject({ ok: false, error: expect.stringContaining('larger than 50 MB') });
    const text = await invoke('timeline:keepTake', { audio: new TextEncoder().encode('not audio') });
    expect(text).toEqual({ ok: false, error: 'The take is not WebM/Opus or WAV audio.' });
    const foreign = await invoke('timeline:keepTake', { audio: WEBM }, 'https://evil.example/');
    expect(foreign).toEqual({ ok: false, error: UNTRUSTED_SENDER });
    expect(existsSync(join(dir(), 'takes', 'timeline'))).toBe(false);
  });

  it("does not read another account's take, and asks to sign in before keeping one", async () => {
    let owner: string | null = 'u1';
    const invoke = ipcFor(library(fakeServer().fetch, () => owner));
    const kept = await invoke('timeline:keepTake', { audio: WEBM });
    if (!kept.ok) throw new Error(kept.error);
    owner = 'u2';
    expect(await invoke('timeline:readTake', { id: kept.data.id })).toEqual({
      ok: true,
      data: { audio: null },
    });
    owner = null;
    expect(await invoke('timeline:keepTake', { audio: WEBM })).toEqual({
      ok: false,
      error: 'Sign in to use your library.',
    });
  });
});

describe('timeline takes on disk and to the server', () => {
  it('a take kept before a crash mid-upload is still there, its row consistent, and sent after', async () => {
    const { server, fetch } = fakeServer();
    const before = library(fetch);
    const { id } = before.keepTimelineTake(WEBM);
    await before.timelineTakeUploader.run();
    // The app dies mid-upload: the row says uploading, nothing is closed cleanly.
    fixture.db().prepare(`UPDATE timeline_takes SET state = 'uploading' WHERE id = ?`).run(id);
    fixture.kill(before);

    const after = library(fetch);
    const row = rowOf(id)!;
    expect(row).toMatchObject({ state: 'uploading', size: WEBM.length });
    expect(row.file_path).toBe(join(dir(), 'takes', 'timeline', id));
    expect(readdirSync(join(dir(), 'takes', 'timeline'))).toEqual([id]); // no .partial left
    expect(after.readTimelineTake(id)).toEqual({ audio: WEBM });

    server.reachable = true;
    await after.timelineTakeUploader.runNow();
    expect(server.uploads).toHaveLength(1);
    expect(rowOf(id)!.state).toBe('done');
  });

  it('waits while the server is unreachable, then sends each take once under its own id', async () => {
    const { server, fetch } = fakeServer();
    const service = library(fetch);
    const { id } = service.keepTimelineTake(WEBM);
    await service.timelineTakeUploader.run();
    expect(server.uploads).toHaveLength(0);
    expect(rowOf(id)!.state).toBe('failed');

    server.reachable = true;
    await service.timelineTakeUploader.runNow();
    await service.timelineTakeUploader.runNow();
    service.timelineTakeUploader.stop();
    expect(server.uploads).toHaveLength(1);
    const [upload] = server.uploads;
    expect(upload!.url).toBe(`http://server.test/api/studio/takes?id=${id.replace('.webm', '')}`);
    expect(upload!.body).toContain('name="take"');
    expect(upload!.body).toContain(Buffer.from(WEBM).toString('latin1'));
    expect(rowOf(id)!.state).toBe('done');
    // Still read from this computer after it reached the server.
    expect(service.readTimelineTake(id)).toEqual({ audio: WEBM });
  });
});
