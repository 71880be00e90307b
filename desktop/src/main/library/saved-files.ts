import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DownloadResult } from '@beatroom/shared/ipc-files-contract';
import { UserFacingError } from '../ipc/ipc-registry';
import type { LibraryStore } from './library-store';
import { ServerCallError, type ServerClient } from './server-client';

export interface SavedFilesDeps {
  store: LibraryStore;
  client: ServerClient;
  shell?: { openPath(path: string): Promise<string>; showItemInFolder(path: string): void };
  now: () => Date;
}

/** Files downloaded from the server to where the user chose, remembered among the saved files. */
export function createSavedFiles(deps: SavedFilesDeps) {
  const { store } = deps;

  return {
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
        saved_at: deps.now().toISOString(),
      };
      store.addSavedFile(record);
      return {
        saved: true,
        file: { id: record.id, name: record.name, size: record.size, savedAt: record.saved_at, exists: true },
      };
    },
  };
}
