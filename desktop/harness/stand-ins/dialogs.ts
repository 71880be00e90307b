import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AUDIO_EXTENSIONS, IMAGE_EXTENSIONS } from '../../src/main/library/library-service';
import type { WindowStandIn } from './window';

/**
 * Electron's native file dialogs without Electron: the open dialog is a file chooser the harness
 * page shows (the chosen file is posted back and kept under `pickedDir`, whose path is what the
 * dialog answers, as a native dialog answers the file's path); the save dialog takes its default,
 * the suggested name in the downloads folder.
 */
export function createDialogsStandIn(options: {
  window: WindowStandIn;
  pickedDir: string;
  downloadsDir: string;
}) {
  const waiting = new Map<string, (path: string | null) => void>();
  return {
    openFile(kind: 'audio' | 'image'): Promise<string | null> {
      const id = randomUUID();
      const extensions = kind === 'audio' ? AUDIO_EXTENSIONS : IMAGE_EXTENSIONS;
      options.window.harness('openDialog', { id, kind, accept: extensions.map((e) => `.${e}`).join(',') });
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    async saveFile(suggestedName: string): Promise<string | null> {
      mkdirSync(options.downloadsDir, { recursive: true });
      return join(options.downloadsDir, basename(suggestedName));
    },
    /** The page's answer to an open dialog: a file (name and bytes) or null for Cancel. */
    answer(id: string, file: { name: string; bytes: Buffer } | null): boolean {
      const resolve = waiting.get(id);
      if (!resolve) return false;
      waiting.delete(id);
      if (!file) {
        resolve(null);
        return true;
      }
      const folder = join(options.pickedDir, id);
      mkdirSync(folder, { recursive: true });
      const path = join(folder, basename(file.name) || 'file');
      writeFileSync(path, file.bytes);
      resolve(path);
      return true;
    },
  };
}
