import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryDatabase } from './database';
import { join } from 'node:path';
import { createRecordingJournal, RecordingJournalError } from './recording-journal';
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

  const userFacing = <T>(act: () => T): T => {
    try {
      return act();
    } catch (error) {
      const known = error instanceof TimelineTakeError || error instanceof RecordingJournalError;
      throw known ? new UserFacingError(error.message) : error;
    }
  };
  // Recordings a crash interrupted become takes before anything else runs (queued like any).
  const journal = createRecordingJournal({
    dir: join(deps.dir, 'recording'),
    keep: (owner, bytes) => takes.keep(owner, bytes),
    now: deps.now,
    log: deps.log,
  });
  journal.recover();

  return {
    timelineTakeUploader,

    beginTimelineRecording(beatId: string): { recordingId: string } {
      return { recordingId: journal.begin(deps.requireOwner(), beatId) };
    },

    appendTimelineRecording(recordingId: string, chunk: Uint8Array): { bytes: number } {
      const owner = deps.requireOwner();
      return { bytes: userFacing(() => journal.append(owner, recordingId, chunk)) };
    },

    finishTimelineRecording(recordingId: string): { finished: true } {
      const owner = deps.requireOwner();
      userFacing(() => journal.finish(owner, recordingId));
      return { finished: true };
    },

    /** Takes a crash interrupted for this beat, answered once; none when signed out. */
    recoveredTimelineTakes(beatId: string): { ids: string[] } {
      const owner = deps.owner();
      const ids = owner ? journal.recovered(owner, beatId) : [];
      if (ids.length > 0) void timelineTakeUploader.run();
      return { ids };
    },

    keepTimelineTake(audio: Uint8Array): { id: string } {
      const owner = deps.requireOwner();
      const id = userFacing(() => takes.keep(owner, audio));
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
