import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { extname, join } from 'node:path';
import { EnqueueUploadRequest, type UploadQueueItem } from '@beatroom/shared/ipc-uploads-contract';
import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryDatabase } from './database';
import { createUploadQueue, toQueueItem } from './upload-queue';
import { createUploader, type UploadTransport } from './uploader';

/** A file the user chose in a native dialog, known to the renderer by an opaque id only. */
export interface PickedFileEntry {
  path: string;
  name: string;
  size: number;
  kind: 'audio' | 'image';
}

export interface LibraryUploadsDeps {
  db: LibraryDatabase;
  /** The library's uploads/ folder: one folder of copies per queued upload. */
  uploadsDir: string;
  /** Files granted by the native dialogs, by opaque id; an enqueued upload uses them up. */
  picked: Map<string, PickedFileEntry>;
  transport: UploadTransport;
  owner: () => string | null;
  /** The signed-in account, or a UserFacingError asking to sign in. */
  requireOwner: () => string;
  onUploadsChanged: (items: UploadQueueItem[]) => void;
  now: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * The beat upload queue as the library service offers it. Queued files are copied into the
 * library folder first, so moving or deleting the originals cannot lose an upload; the copies
 * go once the server has the beat (or the upload is cancelled).
 */
export function createLibraryUploads(deps: LibraryUploadsDeps) {
  const { uploadsDir, picked } = deps;
  const queue = createUploadQueue(deps.db, { now: deps.now });

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
    transport: deps.transport,
    owner: deps.owner,
    onChange: uploadsChanged,
    // The copies in the library folder are only needed until the server has the beat.
    onFinished: (id) => removeUploadFolder(id),
    now: deps.now,
    log: deps.log,
  });

  /** Another account's upload is treated as absent. */
  const requireOwnUpload = (id: string) => {
    const owner = deps.requireOwner();
    try {
      if (queue.get(id).owner_id === owner) return;
    } catch {
      // Fall through: gone.
    }
    throw new UserFacingError('This upload is no longer in the queue.');
  };

  return {
    queue,
    uploader,

    /** Queues an upload: the files are copied into the library first, then the row is written. */
    enqueue(input: EnqueueUploadRequest): UploadQueueItem {
      const owner = deps.requireOwner();
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
  };
}
