import { randomUUID } from 'node:crypto';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import { LIMITS } from '@beatroom/shared/limits';
import type { DownloadResult } from '@beatroom/shared/ipc-files-contract';
import {
  LibraryQuery,
  type LibraryListing,
  type LibrarySyncResult,
} from '@beatroom/shared/ipc-library-contract';
import {
  EnqueueTakeRequest,
  EnqueueUploadRequest,
  type PickedFile,
  type TakeQueueItem,
  type UploadQueueItem,
} from '@beatroom/shared/ipc-uploads-contract';
import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryDatabase } from './database';
import { createLibraryStore } from './library-store';
import { COVER_FILE_PATTERN, ownBeatsFromProfile, syncLibrary, type OwnBeatsFetcher } from './library-sync';
import { ServerCallError, type ServerClient } from './server-client';
import { createUploadQueue, toQueueItem } from './upload-queue';
import { createUploader, type UploadTransport } from './uploader';
import {
  createTakeQueue,
  createTakeUploader,
  TakeQueueError,
  toTakeItem,
  type TakeTransport,
} from './take-queue';

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
  fetchOwnBeats?: OwnBeatsFetcher;
  shell?: { openPath(path: string): Promise<string>; showItemInFolder(path: string): void };
  now?: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
  /** The origin the page loads cached covers from: app://beatroom in the app. */
  appOrigin?: string;
}

/**
 * The local library as main's IPC handlers see it: the mirror, saved files and the upload
 * queue. Files the user picks are known by an opaque id only (granted when a native dialog
 * returns them), so the renderer cannot name an arbitrary path; queued files are copied into the
 * library folder, so moving or deleting the originals cannot lose an upload.
 */
export function createLibraryService(deps: LibraryServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const store = createLibraryStore(deps.db, {
    coverUrl: (file) => `${deps.appOrigin ?? DESKTOP_APP_ORIGIN}${COVERS_PATH}${file}`,
  });
  const queue = createUploadQueue(deps.db, { now });
  const coversDir = join(deps.dir, 'covers');
  const uploadsDir = join(deps.dir, 'uploads');
  const picked = new Map<string, { path: string; name: string; size: number; kind: 'audio' | 'image' }>();

  const removeUploadFolder = (id: string) => {
    try {
      rmSync(join(uploadsDir, id), { recursive: true, force: true });
    } catch (error) {
      // Windows keeps a file open by a cancelled transfer locked for a moment: swept next start.
      deps.log?.warn(`upload folder ${id} not removed yet`, error);
    }
  };
  /** Folders of finished, cancelled or unknown uploads (left by a crash or a lock) are removed. */
  const sweepUploadFolders = () => {
    if (!existsSync(uploadsDir)) return;
    for (const id of readdirSync(uploadsDir)) {
      const state = deps.db
        .prepare<[string], { state: string }>('SELECT state FROM uploads WHERE id = ?')
        .get(id)?.state;
      if (!state || state === 'done' || state === 'cancelled') removeUploadFolder(id);
    }
  };
  sweepUploadFolders();

  const uploadsChanged = () => {
    const owner = deps.owner();
    deps.onUploadsChanged(owner ? queue.list(owner).map(toQueueItem) : []);
  };
  const uploader = createUploader({
    queue,
    transport: deps.transport ?? deps.client,
    owner: deps.owner,
    onChange: uploadsChanged,
    // The copies in the library folder are only needed until the server has the beat.
    onFinished: (id) => removeUploadFolder(id),
    now,
    log: deps.log,
  });

  // Studio takes: kept in the library's takes/ folder for good, sent by their own queue.
  const takes = createTakeQueue(deps.db, { dir: join(deps.dir, 'takes'), now });
  const takeUploader = createTakeUploader({
    queue: takes,
    transport: deps.takeTransport ?? deps.client,
    owner: deps.owner,
    onChange: () => {},
    now,
    log: deps.log,
  });
  /** Another account's take is treated as absent. */
  const ownTake = (id: string) => {
    const owner = deps.owner();
    try {
      if (owner && takes.get(id).owner_id === owner) return;
    } catch {
      // Fall through: gone.
    }
    throw new UserFacingError('This take is no longer in the queue.');
  };
  const userFacing = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw error instanceof TakeQueueError ? new UserFacingError(error.message) : error;
    }
  };

  const requireOwner = () => {
    const owner = deps.owner();
    if (!owner) throw new UserFacingError('Sign in to use your library.');
    return owner;
  };
  /** Another account's upload is treated as absent. */
  const requireOwnUpload = (id: string) => {
    const owner = requireOwner();
    try {
      if (queue.get(id).owner_id === owner) return;
    } catch {
      // Fall through: gone.
    }
    throw new UserFacingError('This upload is no longer in the queue.');
  };

  return {
    uploader,
    queue,
    store,
    takeUploader,

    /** Save Recording in the desktop studio: the take is on disk before this answers. */
    enqueueTake(input: EnqueueTakeRequest): TakeQueueItem {
      const owner = requireOwner();
      const request = EnqueueTakeRequest.parse(input);
      const record = userFacing(() =>
        takes.add({
          ownerId: owner,
          beatId: request.beatId,
          recordingName: request.recordingName,
          isPublic: request.isPublic,
          format: request.format,
          bytes: request.audio,
        }),
      );
      void takeUploader.run();
      return toTakeItem(record);
    },

    listTakes(): TakeQueueItem[] {
      const owner = deps.owner();
      return owner ? takes.list(owner).map(toTakeItem) : [];
    },

    retryTake(id: string): TakeQueueItem {
      ownTake(id);
      const record = userFacing(() => takes.retry(id));
      void takeUploader.run();
      return toTakeItem(record);
    },

    cancelTake(id: string): TakeQueueItem {
      ownTake(id);
      return toTakeItem(userFacing(() => takes.cancel(id)));
    },

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

    /** Queues an upload: the files are copied into the library first, then the row is written. */
    enqueue(input: EnqueueUploadRequest): UploadQueueItem {
      const owner = requireOwner();
      const request = EnqueueUploadRequest.parse(input);
      const audio = picked.get(request.audio);
      const cover = request.cover ? picked.get(request.cover) : null;
      if (!audio || audio.kind !== 'audio') throw new UserFacingError('Please select an audio file');
      if (request.cover && (!cover || cover.kind !== 'image'))
        throw new UserFacingError('Choose the cover image again.');

      const id = randomUUID();
      const folder = join(uploadsDir, id);
      mkdirSync(folder, { recursive: true });
      try {
        const audioCopy = join(folder, `audio${extname(audio.name).toLowerCase()}`);
        copyFileSync(audio.path, audioCopy);
        let coverCopy: string | null = null;
        if (cover) {
          coverCopy = join(folder, `cover${extname(cover.name).toLowerCase()}`);
          copyFileSync(cover.path, coverCopy);
        }
        const record = queue.add({
          id,
          ownerId: owner,
          idempotencyKey: `desktop-upload-${id}`,
          fields: request.beat,
          audio: { path: audioCopy, name: audio.name },
          cover: cover && coverCopy ? { path: coverCopy, name: cover.name } : null,
        });
        picked.delete(request.audio);
        if (request.cover) picked.delete(request.cover);
        uploadsChanged();
        void uploader.run();
        return toQueueItem(record);
      } catch (error) {
        rmSync(folder, { recursive: true, force: true });
        throw error;
      }
    },

    listUploads(): UploadQueueItem[] {
      const owner = deps.owner();
      return owner ? queue.list(owner).map(toQueueItem) : [];
    },

    retryUpload(id: string): UploadQueueItem {
      requireOwnUpload(id);
      return toQueueItem(uploader.retry(id));
    },

    cancelUpload(id: string): UploadQueueItem {
      requireOwnUpload(id);
      return toQueueItem(uploader.cancel(id));
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

    async openFile(id: string): Promise<{ opened: boolean }> {
      const file = store.savedFile(id);
      if (!file || !existsSync(file.path) || !deps.shell) return { opened: false };
      const failure = await deps.shell.openPath(file.path);
      return { opened: failure === '' };
    },

    revealFile(id: string): { revealed: boolean } {
      const file = store.savedFile(id);
      if (!file || !existsSync(file.path) || !deps.shell) return { revealed: false };
      deps.shell.showItemInFolder(file.path);
      return { revealed: true };
    },

    /**
     * Downloads a server file to where the user chose (streamed to a temporary name, renamed
     * when complete) and remembers it among the saved files.
     */
    async download(
      request: { path: string; suggestedName: string },
      chooseTarget: (suggestedName: string) => Promise<string | null>,
    ): Promise<DownloadResult> {
      const target = await chooseTarget(request.suggestedName);
      if (!target) return { saved: false, file: null };
      const response = await deps.client.getFile(request.path);
      if (!response.body) throw new UserFacingError('The server sent an empty file.');
      const temporary = `${target}.part`;
      try {
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
          createWriteStream(temporary),
        );
        renameSync(temporary, target);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error instanceof ServerCallError ? new UserFacingError(error.message) : error;
      }
      const record = {
        id: randomUUID(),
        name: target.split(/[\\/]/).pop() ?? request.suggestedName,
        path: target,
        size: statSync(target).size,
        source: request.path,
        saved_at: now().toISOString(),
      };
      store.addSavedFile(record);
      return {
        saved: true,
        file: { id: record.id, name: record.name, size: record.size, savedAt: record.saved_at, exists: true },
      };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
