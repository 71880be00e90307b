// What the library's IPC tests share (timeline-takes.test.ts, recording-journal.test.ts): a
// fresh library folder and SQLite database per test, main's library service built as a start of
// the app builds it, and its channels registered through the real registry (sender check,
// schemas) behind an in-memory ipcMain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createIpcHandlers, type HandlerDeps } from '../ipc/ipc-handlers';
import { registerIpcHandlers, type IpcInvokeEvent, type IpcMainLike } from '../ipc/ipc-registry';
import { isAppUrl } from '../window-security';
import { openLibraryDatabase, type LibraryDatabase } from './database';
import { createLibraryService, type LibraryService } from './library-service';
import { createServerClient } from './server-client';

/** The app's own page: the only sender the registry answers. */
export const APP_URL = 'app://beatroom/index.html';

/** What a channel answers, as the preload receives it. */
export type IpcAnswer<T> = { ok: true; data: T } | { ok: false; error: string };

/** A network that never reaches a server (offline). */
export const offline = (() => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch;

/**
 * Registers the per-test folder and database (made before each test, removed after it) and
 * answers what the tests build on them. Call once at the top of a test file.
 */
export function useLibraryFixture(prefix: string) {
  let dir = '';
  let db: LibraryDatabase;
  let services: LibraryService[] = [];
  const databasePath = () => join(dir, 'library', 'library.db');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    db = openLibraryDatabase(databasePath());
    services = [];
  });
  afterEach(async () => {
    // Let a send under way finish and drop retry timers before the database goes.
    for (const service of services) {
      await service.timelineTakeUploader.run();
      service.timelineTakeUploader.stop();
    }
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    /** The library folder under the test's user data (takes/, uploads/, library.db). */
    libraryDir: () => join(dir, 'library'),
    db: () => db,

    /** Main's library service as a start of the app makes it, on this network and account. */
    library(fetch: typeof globalThis.fetch = offline, owner: () => string | null = () => 'u1') {
      const service = createLibraryService({
        db,
        dir: join(dir, 'library'),
        client: createServerClient({ serverUrl: 'http://server.test', token: () => 'tok', fetch }),
        owner,
        onUploadsChanged: () => {},
        onLibraryChanged: () => {},
      });
      services.push(service);
      return service;
    },

    /**
     * The app is killed: the service's timers stop where they are and its database is closed
     * without anything else; the next start opens the same file again.
     */
    kill(service: LibraryService) {
      service.timelineTakeUploader.stop();
      services.splice(services.indexOf(service), 1);
      db.close();
      db = openLibraryDatabase(databasePath());
    },

    /** The service's channels as the app registers them; `url` is the sending frame's. */
    ipc(service: LibraryService) {
      const listeners = new Map<string, (event: IpcInvokeEvent, request: unknown) => unknown>();
      const ipc: IpcMainLike = {
        handle: (channel, listener) => void listeners.set(channel, listener),
        removeHandler: (channel) => void listeners.delete(channel),
      };
      // Only the library reaches the channels these tests call; the other services never are.
      registerIpcHandlers(ipc, createIpcHandlers({ library: service } as unknown as HandlerDeps), {
        isTrustedSender: isAppUrl,
      });
      return <T>(channel: string, request: unknown, url = APP_URL) =>
        listeners.get(channel)!({ senderFrame: { url } }, request) as Promise<IpcAnswer<T>>;
    },
  };
}
