import { EnqueueTakeRequest, type TakeQueueItem } from '@beatroom/shared/ipc-uploads-contract';
import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryDatabase } from './database';
import { createTakeQueue, TakeQueueError, toTakeItem } from './take-queue';
import { createTakeUploader, type TakeTransport } from './take-uploader';

export interface LibraryTakesDeps {
  db: LibraryDatabase;
  /** The library's takes/ folder, where every take is kept for good. */
  takesDir: string;
  transport: TakeTransport;
  owner: () => string | null;
  /** The signed-in account, or a UserFacingError asking to sign in. */
  requireOwner: () => string;
  now: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * Studio takes as the library service offers them: Save Recording keeps the take on disk and
 * in its own queue before answering, and the take uploader sends it from there.
 */
export function createLibraryTakes(deps: LibraryTakesDeps) {
  const takes = createTakeQueue(deps.db, { dir: deps.takesDir, now: deps.now });
  const takeUploader = createTakeUploader({
    queue: takes,
    transport: deps.transport,
    owner: deps.owner,
    onChange: () => {},
    now: deps.now,
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

  return {
    takeUploader,

    /** Save Recording in the desktop studio: the take is on disk before this answers. */
    enqueueTake(input: EnqueueTakeRequest): TakeQueueItem {
      const owner = deps.requireOwner();
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
  };
}
