// The web's recording journal: each chunk of the take being recorded goes to IndexedDB as it
// comes, so a reload or a closed tab mid-take keeps what was sung. The next time the studio
// opens over that beat, the chunks are put together again and saved as a take file.
import type { PlatformRecordingJournal } from '../../lib/platform-take-storage';

const DATABASE = 'beatroom-recording-journal';
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';

interface RecordingRow {
  id: string;
  beatId: string;
}
interface ChunkRow {
  recordingId: string;
  data: Blob;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('This browser has no IndexedDB'));
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(RECORDINGS, { keyPath: 'id' });
      // Auto-incremented keys keep the chunks in the order they were appended.
      request.result
        .createObjectStore(CHUNKS, { autoIncrement: true })
        .createIndex('recordingId', 'recordingId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

/** Runs `act` in one transaction over both stores; resolves with its answer once committed. */
async function run<T>(mode: IDBTransactionMode, act: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
  const db = await openDatabase();
  try {
    const tx = db.transaction([RECORDINGS, CHUNKS], mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB request failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB request aborted'));
    });
    const answer = await act(tx);
    await done;
    return answer;
  } finally {
    db.close();
  }
}

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

function forget(tx: IDBTransaction, recordingId: string) {
  tx.objectStore(RECORDINGS).delete(recordingId);
  tx.objectStore(CHUNKS).index('recordingId').openKeyCursor(IDBKeyRange.only(recordingId)).onsuccess = (
    event,
  ) => {
    const cursor = (event.target as IDBRequest<IDBCursor | null>).result;
    if (!cursor) return;
    tx.objectStore(CHUNKS).delete(cursor.primaryKey);
    cursor.continue();
  };
}

/** `save` keeps a recovered take where the studio keeps takes (the server's take files). */
export function indexedDbRecordingJournal(save: (audio: Blob) => Promise<string>): PlatformRecordingJournal {
  return {
    async begin(beatId) {
      const id = crypto.randomUUID();
      await run(
        'readwrite',
        (tx) => void tx.objectStore(RECORDINGS).put({ id, beatId } satisfies RecordingRow),
      );
      return id;
    },
    async append(recordingId, data) {
      await run(
        'readwrite',
        (tx) => void tx.objectStore(CHUNKS).add({ recordingId, data } satisfies ChunkRow),
      );
    },
    async finish(recordingId) {
      await run('readwrite', (tx) => forget(tx, recordingId));
    },
    async recovered(beatId) {
      const left = await run('readonly', async (tx) => {
        const rows = (await result(tx.objectStore(RECORDINGS).getAll())) as RecordingRow[];
        const mine = rows.filter((row) => row.beatId === beatId);
        return Promise.all(
          mine.map(async (row) => ({
            id: row.id,
            chunks: (await result(
              tx.objectStore(CHUNKS).index('recordingId').getAll(IDBKeyRange.only(row.id)),
            )) as ChunkRow[],
          })),
        );
      });
      const sources: string[] = [];
      for (const { id, chunks } of left) {
        // Saved first, then forgotten: offline, it stays for the next visit.
        if (chunks.length > 0) {
          const audio = new Blob(
            chunks.map((chunk) => chunk.data),
            { type: chunks[0]!.data.type || 'audio/webm' },
          );
          sources.push(await save(audio));
        }
        await run('readwrite', (tx) => forget(tx, id));
      }
      return sources;
    },
  };
}
