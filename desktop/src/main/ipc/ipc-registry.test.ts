import { ipcChannels } from '@beatroom/shared/ipc-contract';
import { describe, expect, it, vi } from 'vitest';
import { isAppUrl } from '../window-security';
import {
  registerIpcHandlers,
  UNTRUSTED_SENDER,
  UserFacingError,
  type IpcHandlers,
  type IpcInvokeEvent,
  type IpcMainLike,
} from './ipc-registry';

/** An in-memory ipcMain: handle() stores listeners, invoke() calls one like Electron would. */
function fakeIpcMain() {
  const listeners = new Map<string, (event: IpcInvokeEvent, request: unknown) => unknown>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener);
    },
    removeHandler: (channel) => void listeners.delete(channel),
  };
  const invoke = (channel: string, request: unknown, url: string | null = 'app://beatroom/index.html') =>
    listeners.get(channel)!({ senderFrame: url === null ? null : { url } }, request);
  return { ipc, listeners, invoke };
}

/** Every channel answers something valid; tests override the ones they look at. */
function handlers(
  overrides: Partial<{ [A in keyof IpcHandlers]: Partial<IpcHandlers[A]> }> = {},
): IpcHandlers {
  const auth = { user: null, pending: false, persisted: true, error: null };
  const item = {
    id: 'u1',
    title: 'T',
    state: 'queued' as const,
    progress: 0,
    attempts: 0,
    error: null,
    nextAttemptAt: null,
    beatId: null,
    audioName: 'a.wav',
    coverName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const take = {
    id: 't1',
    beatId: 'b1',
    recordingName: 'Take',
    isPublic: false,
    state: 'queued' as const,
    progress: 0,
    attempts: 0,
    error: null,
    nextAttemptAt: null,
    recordingId: null,
    size: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const mic = { status: 'granted' as const, canOpenSettings: true, help: null };
  const base: IpcHandlers = {
    auth: { signIn: () => auth, status: () => auth, signOut: () => auth },
    library: {
      list: () => ({ beats: [], savedFiles: [], syncedAt: null }),
      sync: () => ({ syncedAt: null, count: 0, error: null }),
      openFile: () => ({ opened: false }),
      revealFile: () => ({ revealed: false }),
    },
    uploads: {
      pickFile: () => ({ file: null }),
      enqueue: () => item,
      list: () => [item],
      retry: () => item,
      cancel: () => item,
      enqueueTake: () => take,
      listTakes: () => [take],
      retryTake: () => take,
      cancelTake: () => take,
      keepDraftTake: () => ({ kept: true as const }),
      draftTake: () => ({ draft: null }),
      discardDraftTake: () => ({ discarded: false }),
    },
    timeline: {
      keepTake: () => ({ id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b.webm' }),
      readTake: () => ({ audio: null }),
      beginRecording: () => ({ recordingId: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
      appendRecording: () => ({ bytes: 0 }),
      finishRecording: () => ({ finished: true as const }),
      recoveredTakes: () => ({ ids: [] }),
    },
    files: { download: () => ({ saved: false, file: null }) },
    microphone: {
      status: () => mic,
      request: () => mic,
      openSettings: () => ({ opened: true }),
      getInputDevice: () => ({ deviceId: null, label: null }),
      setInputDevice: (choice) => choice,
    },
    notifications: { show: () => ({ shown: false }) },
    network: { status: () => ({ online: true }) },
    app: {
      info: () => ({
        version: '1.0.0',
        platform: 'linux',
        serverUrl: 'http://localhost:3000',
        packaged: false,
      }),
      checkForUpdates: () => ({ state: 'disabled', message: null }),
      openExternal: () => ({ opened: true }),
    },
  };
  for (const [area, methods] of Object.entries(overrides)) {
    Object.assign(base[area as keyof IpcHandlers], methods);
  }
  return base;
}

describe('IPC registry', () => {
  it('registers exactly the channels of the contract, and unregisters them', () => {
    const { ipc, listeners } = fakeIpcMain();
    const unregister = registerIpcHandlers(ipc, handlers(), { isTrustedSender: isAppUrl });
    expect([...listeners.keys()].sort()).toEqual(
      ipcChannels()
        .map((c) => c.channel)
        .sort(),
    );
    unregister();
    expect(listeners.size).toBe(0);
  });

  it('refuses to register when a channel has no handler', () => {
    const { ipc } = fakeIpcMain();
    const incomplete = handlers();
    const { signOut: _signOut, ...auth } = incomplete.auth;
    incomplete.auth = auth as IpcHandlers['auth'];
    expect(() => registerIpcHandlers(ipc, incomplete, { isTrustedSender: isAppUrl })).toThrow('auth:signOut');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a file page', 'file:///tmp/x.html'],
    ['a look-alike scheme host', 'app://beatroom.evil/index.html'],
    ['another app host', 'app://other/index.html'],
    ['the dev server origin', 'http://localhost:5174/'],
    ['an empty URL', ''],
    ['a destroyed frame', null],
  ])('refuses untrusted senders: %s, before the handler runs', async (_name, url) => {
    const { ipc, invoke } = fakeIpcMain();
    const signIn = vi.fn(() => ({ user: null, pending: true, persisted: true, error: null }));
    const warn = vi.fn();
    registerIpcHandlers(ipc, handlers({ auth: { signIn } }), {
      isTrustedSender: isAppUrl,
      log: { warn, error: vi.fn() },
    });
    expect(await invoke('auth:signIn', undefined, url)).toEqual({ ok: false, error: UNTRUSTED_SENDER });
    expect(signIn).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it.each([
    ['uploads:retry', {}],
    ['uploads:retry', { id: 42 }],
    ['uploads:retry', { id: 'x', extra: true }],
    ['uploads:enqueue', { audio: 'a', cover: null, beat: { title: '', genre: 'Trap' } }],
    ['uploads:enqueue', { audio: 'a', cover: null, beat: { title: 'T', genre: 'Polka' } }],
    [
      'uploads:enqueue',
      { audio: 'a', cover: null, beat: { title: 'T', genre: 'Trap', audio_file_key: 'x' } },
    ],
    ['library:list', { sort: 'random' }],
    ['files:download', { path: 'https://evil.example/x', suggestedName: 'x.mp3' }],
    ['files:download', { path: '/api/files/x', suggestedName: '../../etc/passwd' }],
    ['notifications:show', { title: 'Hi', path: '//evil.example' }],
    ['app:openExternal', { url: 'file:///etc/passwd' }],
    ['auth:status', { please: true }],
    ['microphone:setInputDevice', { deviceId: 'd', label: 'l', admin: true }],
    ['uploads:draftTake', { beatId: '../../etc/passwd' }],
    ['uploads:discardDraftTake', {}],
    ['timeline:readTake', { id: '../../etc/passwd' }],
    ['timeline:readTake', { id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b.webm/../../x' }],
    ['timeline:keepTake', { audio: new Uint8Array(0) }],
    ['timeline:keepTake', { audio: 'not bytes' }],
    [
      'uploads:keepDraftTake',
      {
        beatId: '33333333-3333-4333-8333-333333333333',
        recordingName: 'Take',
        format: 'webm',
        audio: new Uint8Array(0),
        recordedAt: '2026-11-29T03:00:00.000Z',
      },
    ],
  ])('refuses malformed requests (%s %j) without calling the handler', async (channel, request) => {
    const { ipc, invoke } = fakeIpcMain();
    const spy = vi.fn();
    const all = handlers();
    const [area, name] = channel.split(':') as [keyof IpcHandlers, string];
    (all[area] as Record<string, unknown>)[name] = spy;
    registerIpcHandlers(ipc, all, { isTrustedSender: isAppUrl });
    const answer = (await invoke(channel, request)) as { ok: boolean; error: string };
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(/^Invalid request: /);
    expect(spy).not.toHaveBeenCalled();
  });

  it('passes the parsed request (defaults applied) and answers {ok:true,data}', async () => {
    const { ipc, invoke } = fakeIpcMain();
    const list = vi.fn(() => ({ beats: [], savedFiles: [], syncedAt: null }));
    registerIpcHandlers(ipc, handlers({ library: { list } }), { isTrustedSender: isAppUrl });
    expect(await invoke('library:list', { search: '  drill ' })).toEqual({
      ok: true,
      data: { beats: [], savedFiles: [], syncedAt: null },
    });
    expect(list).toHaveBeenCalledWith({ search: 'drill', sort: 'newest' }, expect.anything());
  });

  it("keeps a bug's details in main and tells the page only that something went wrong", async () => {
    const { ipc, invoke } = fakeIpcMain();
    const error = vi.fn();
    registerIpcHandlers(
      ipc,
      handlers({
        library: {
          sync: () => {
            throw new Error('SQLITE_CORRUPT at /home/ada/.config/Beatroom/library.db');
          },
        },
      }),
      { isTrustedSender: isAppUrl, log: { warn: vi.fn(), error } },
    );
    const answer = (await invoke('library:sync', undefined)) as { ok: boolean; error: string };
    expect(answer).toEqual({ ok: false, error: 'Something went wrong in the app. Please try again.' });
    expect(error).toHaveBeenCalled();
  });

  it('passes user-facing errors through and rejects answers that break the contract', async () => {
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(
      ipc,
      handlers({
        uploads: {
          retry: () => {
            throw new UserFacingError('Only a failed upload can be retried.');
          },
        },
        // A handler bug: the contract says { online: boolean }.
        network: { status: () => ({ online: 'yes' }) as unknown as { online: boolean } },
      }),
      { isTrustedSender: isAppUrl },
    );
    expect(await invoke('uploads:retry', { id: 'u1' })).toEqual({
      ok: false,
      error: 'Only a failed upload can be retried.',
    });
    expect(((await invoke('network:status', undefined)) as { ok: boolean }).ok).toBe(false);
  });

  it("parses an unsaved take both ways: main's answer must be a draft too", async () => {
    const { ipc, invoke } = fakeIpcMain();
    const beatId = '33333333-3333-4333-8333-333333333333';
    const draft = {
      beatId,
      recordingName: 'Late verse',
      format: 'webm' as const,
      audio: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
      recordedAt: '2026-11-29T03:00:00.000Z',
    };
    registerIpcHandlers(ipc, handlers({ uploads: { draftTake: () => ({ draft }) } }), {
      isTrustedSender: isAppUrl,
    });
    expect(await invoke('uploads:draftTake', { beatId })).toEqual({ ok: true, data: { draft } });

    const broken = fakeIpcMain();
    registerIpcHandlers(
      broken.ipc,
      handlers({
        uploads: { draftTake: () => ({ draft: { ...draft, audio: 'not bytes' } }) as never },
      }),
      { isTrustedSender: isAppUrl },
    );
    expect(((await broken.invoke('uploads:draftTake', { beatId })) as { ok: boolean }).ok).toBe(false);
  });
});
