import type { PlatformTakeDrafts, TakeDraft } from '../../lib/platform';

// The web's unsaved takes: IndexedDB, which keeps a Blob as it is (localStorage holds only
// strings and a few MB). One record per beat, keyed by the beat's id.

const DATABASE = 'beatroom-studio';
const STORE = 'take-drafts';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('This browser has no IndexedDB'));
      return;
    }
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'beatId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

/** Runs one request in its own transaction; resolves when the transaction is done. */
async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB request failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB request aborted'));
    });
  } finally {
    db.close();
  }
}

function isDraft(value: unknown): value is TakeDraft {
  const draft = value as Partial<TakeDraft> | undefined;
  return (
    typeof draft?.beatId === 'string' &&
    typeof draft.recordingName === 'string' &&
    typeof draft.recordedAt === 'string' &&
    draft.audio instanceof Blob
  );
}

/** The browser's drafts (IndexedDB). */
export const indexedDbTakeDrafts: PlatformTakeDrafts = {
  async keep(draft) {
    await run('readwrite', (store) => store.put(draft));
  },
  async find(beatId) {
    const found: unknown = await run('readonly', (store) => store.get(beatId));
    return isDraft(found) ? found : null;
  },
  async discard(beatId) {
    await run('readwrite', (store) => store.delete(beatId));
  },
};
