import type { LibraryListing, LibrarySort, LibrarySyncResult } from '@beatroom/shared/ipc-library-contract';
import type { UploadQueueItem } from '@beatroom/shared/ipc-uploads-contract';
import type { PlatformLibrary } from '@beatroom/web/platform';
import { useCallback, useEffect, useState } from 'react';

export interface LibraryView {
  listing: LibraryListing | null;
  uploads: UploadQueueItem[];
  sync: LibrarySyncResult | null;
  syncing: boolean;
  refresh: () => Promise<void>;
  syncNow: () => Promise<void>;
}

/**
 * The library screen's data: the listing for the current search and sort (read from the local
 * database, so it works offline), the upload queue kept current by main's events, and a sync
 * with the server on first show.
 */
export function useLibrary(library: PlatformLibrary, search: string, sort: LibrarySort): LibraryView {
  const [listing, setListing] = useState<LibraryListing | null>(null);
  const [uploads, setUploads] = useState<UploadQueueItem[]>([]);
  const [sync, setSync] = useState<LibrarySyncResult | null>(null);
  const [syncing, setSyncing] = useState(false);

  const refresh = useCallback(async () => {
    setListing(await library.list({ search, sort }));
  }, [library, search, sort]);

  const syncNow = useCallback(async () => {
    setSyncing(true);
    try {
      setSync(await library.sync());
    } finally {
      setSyncing(false);
    }
  }, [library]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    void library.uploads().then(setUploads);
    void syncNow();
    return library.subscribe({
      uploads: setUploads,
      library: (result) => {
        setSync(result);
      },
    });
  }, [library, syncNow]);

  // A finished sync or upload changes what the listing shows.
  useEffect(() => {
    void refresh();
  }, [sync, uploads.length, refresh]);

  return { listing, uploads, sync, syncing, refresh, syncNow };
}
