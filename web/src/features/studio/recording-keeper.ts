// Drives the platform's recording journal from the recorder: each chunk is appended as the
// recorder hands it over (in order, never holding the recording up), and once the finished take
// is kept as a file the journal is let go. A journal that fails is only logged: recording goes on.
import { describeError } from '../../lib/error-text';
import type { PlatformRecordingJournal } from '../../lib/platform-take-storage';

/** The journal of each finished take, until the take's file is kept. */
const journals = new WeakMap<Blob, () => void>();

export interface RecordingKeeper {
  chunk(data: Blob): void;
  /** The recording stopped with this take: its journal goes once `takeKept(take)` is called. */
  stopped(take: Blob): void;
}

export function keepRecording(journal: PlatformRecordingJournal, beatId: string): RecordingKeeper {
  const log = (error: unknown) =>
    console.error(`The recording could not be kept as it went: ${describeError(error)}`);
  const id = journal.begin(beatId);
  let queue: Promise<unknown> = id.catch(log);
  return {
    chunk(data) {
      queue = queue.then(() => id.then((recordingId) => journal.append(recordingId, data))).catch(log);
    },
    stopped(take) {
      journals.set(take, () => {
        queue = queue.then(() => id.then((recordingId) => journal.finish(recordingId))).catch(log);
      });
    },
  };
}

/** The take's file is kept (saved where takes live): the recording's journal is no longer needed. */
export function takeKept(take: Blob): void {
  journals.get(take)?.();
  journals.delete(take);
}
