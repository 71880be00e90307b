import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import { LIMITS } from '@beatroom/shared/limits';
import {
  LibraryQuery,
  type LibraryListing,
  type LibrarySyncResult,
} from '@beatroom/shared/ipc-library-contract';
import type { PickedFile, UploadQueueItem } from '@beatroom/shared/ipc-uploads-contract';
import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryDatabase } from './database';
import { createLibraryStore } from './library-store';
import { COVER_FILE_PATTERN, ownBeatsFromProfile, syncLibrary, type OwnBeatsFetcher } from './library-sync';
import { createLibraryTakes } from './library-takes';
import { createLibraryTimelineTakes } from './library-timeline-takes';
import { createLibraryUploads, type PickedFileEntry } from './library-uploads';
import { createSavedFiles } from './saved-files';
import { ServerCallError, type ServerClient } from './server-client';
import type { TakeTransport } from './take-uploader';
import type { TimelineTakeTransport } from './timeline-take-uploader';
import type { UploadTransport } from './uploader';

/** The app path of cached covers: app://beatroom/library-covers/<file>. */
export const COVERS_PATH = '/library-covers/';

export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'flac'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

export interface LibraryServiceDeps {
  db: LibraryDatabase;
  /** The library folder under userData: covers/, uploads/. */
  dir: string;
  client: ServerClient;
  /** The signed-in account's id, or null. */
  owner: () => string | null;
  onUploadsChanged: (items: UploadQueueItem[]) => void;
  onLibraryChanged: (result: LibrarySyncResult) => void;
  transport?: UploadTransport;
  /** The studio take queue's server call; defaults to the client. */
  takeTransport?: TakeTransport;
  /** The timeline takes' server call; defaults to the client. */
  timelineTakeTransport?: TimelineTakeTransport;
  fetchOwnBeats?: OwnBeatsFetcher;
  shell?: { openPath(path: string): Promise<string>; showItemInFolder(path: string): void };
  now?: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
  /** The origin the page loads cached covers from: app://beatroom in the app. */
  appOrigin?: string;
}

/**
 * The local library as main's IPC handlers see it: the mirror, saved files, the upload queue
 * and studio takes. Files the user picks are known by an opaque id only (granted when a native dialog
 * returns them), so the renderer cannot name an arbitrary path; queued files are copied into the
 * library folder, so moving or deleting the originals cannot lose an upload.
 */
export function createLibraryService(deps: LibraryServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const store = createLibraryStore(deps.db, {
    coverUrl: (file) => `${deps.appOrigin ?? DESKTOP_APP_ORIGIN}${COVERS_PATH}${file}`,
  });
  const coversDir = join(deps.dir, 'covers');
  const picked = new Map<string, PickedFileEntry>();

  const requireOwner = () => {
    const owner = deps.owner();
    if (!owner) throw new UserFacingError('Sign in to use your library.');
    return owner;
  };

  const uploads = createLibraryUploads({
    db: deps.db,
    uploadsDir: join(deps.dir, 'uploads'),
    picked,
    transport: deps.transport ?? deps.client,
    owner: deps.owner,
    requireOwner,
    onUploadsChanged: deps.onUploadsChanged,
    now,
    log: deps.log,
  });
  // Studio takes: kept in the library's takes/ folder for good, sent by their own queue.
  const takes = createLibraryTakes({
    db: deps.db,
    takesDir: join(deps.dir, 'takes'),
    transport: deps.takeTransport ?? deps.client,
    owner: deps.owner,
    requireOwner,
    now,
    log: deps.log,
  });
  // The timeline's takes: takes/timeline/<id>, named as the arrangement names them.
  const timelineTakes = createLibraryTimelineTakes({
    db: deps.db,
    dir: join(deps.dir, 'takes', 'timeline'),
    transport: deps.timelineTakeTransport ?? deps.client,
    owner: deps.owner,
    requireOwner,
    now,
    log: deps.log,
  });
  const savedFiles = createSavedFiles({ store, client: deps.client, shell: deps.shell, now });

  return {
    ...uploads,
    store,
    ...takes,
    ...timelineTakes,
    ...savedFiles,

    /** Remembers a file the user chose in a native dialog and hands back its opaque id. */
    grantPickedFile(path: string, kind: 'audio' | 'image'): PickedFile {
      const extension = extname(path).slice(1).toLowerCase();
      const allowed: readonly string[] = kind === 'audio' ? AUDIO_EXTENSIONS : IMAGE_EXTENSIONS;
      if (!allowed.includes(extension)) {
        throw new UserFacingError(
          kind === 'audio' ? 'MP3, WAV, FLAC supported' : 'Choose a JPG or PNG image.',
        );
      }
      const size = statSync(path).size;
      const limit = kind === 'audio' ? LIMITS.AUDIO_MAX_BYTES : LIMITS.IMAGE_MAX_BYTES;
      if (size > limit)
        throw new UserFacingError(`This file is larger than ${Math.round(limit / 1024 / 1024)}MB.`);
      const id = randomUUID();
      const name = path.split(/[\\/]/).pop() ?? `file.${extension}`;
      picked.set(id, { path, name, size, kind });
      return { id, name, size };
    },

    list(input: LibraryQuery): LibraryListing {
      const query = LibraryQuery.parse(input);
      const owner = deps.owner();
      return {
        beats: owner ? store.listBeats(owner, query) : [],
        savedFiles: store.listSavedFiles(query.search, (path) => existsSync(path)),
        syncedAt: owner ? store.syncedAt(owner) : null,
      };
    },

    async sync(): Promise<LibrarySyncResult> {
      const owner = deps.owner();
      if (!owner) return { syncedAt: null, count: 0, error: 'Sign in to see your beats here.' };
      let result: LibrarySyncResult;
      try {
        const { count, syncedAt } = await syncLibrary({
          userId: owner,
          store,
          client: deps.client,
          fetchOwnBeats: deps.fetchOwnBeats ?? ownBeatsFromProfile(deps.client),
          coversDir,
          now,
          log: deps.log,
        });
        result = { syncedAt, count, error: null };
      } catch (error) {
        const offline = error instanceof ServerCallError && error.status === null;
        result = {
          syncedAt: store.syncedAt(owner),
          count: 0,
          error: offline
            ? 'Offline: showing your beats as of the last sync.'
            : 'Could not refresh your beats.',
        };
      }
      deps.onLibraryChanged(result);
      return result;
    },

    /** The cached cover file behind an app:// cover URL, or null for anything else. */
    coverPath(fileName: string): string | null {
      return COVER_FILE_PATTERN.test(fileName) ? join(coversDir, fileName) : null;
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
