import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryDatabase } from './database';
import { createTimelineTakeUploader, type TimelineTakeTransport } from './timeline-take-uploader';
import { createTimelineTakes, TimelineTakeError } from './timeline-takes';

export interface LibraryTimelineTakesDeps {
  db: LibraryDatabase;
  /** The library's takes/timeline/ folder. */
  dir: string;
  transport: TimelineTakeTransport;
  owner: () => string | null;
  /** The signed-in account, or a UserFacingError asking to sign in. */
  requireOwner: () => string;
  now: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * The studio timeline's takes as main's handlers offer them: kept on disk before the studio
 * hears the take's id, read back by id, and sent to the server in the background.
 */
export function createLibraryTimelineTakes(deps: LibraryTimelineTakesDeps) {
  const takes = createTimelineTakes(deps.db, { dir: deps.dir, now: deps.now });
  const timelineTakeUploader = createTimelineTakeUploader({
    takes,
    transport: deps.transport,
    owner: deps.owner,
    now: deps.now,
    log: deps.log,
  });

  return {
    timelineTakeUploader,

    keepTimelineTake(audio: Uint8Array): { id: string } {
      const owner = deps.requireOwner();
      let id: string;
      try {
        id = takes.keep(owner, audio);
      } catch (error) {
        throw error instanceof TimelineTakeError ? new UserFacingError(error.message) : error;
      }
      void timelineTakeUploader.run();
      return { id };
    },

    /** Another account's take, or one this computer never kept, reads as null. */
    readTimelineTake(id: string): { audio: Uint8Array<ArrayBuffer> | null } {
      const owner = deps.owner();
      return { audio: owner ? takes.read(owner, id) : null };
    },
  };
}
