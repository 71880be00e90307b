import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { ShellLike } from '../../src/main/main-services';
import type { WindowStandIn } from './window';

/**
 * Electron's shell without Electron or a desktop: "the system browser" and "the default app for
 * this file" are a new tab of the browser showing the renderer. openPath hands the tab a one-time
 * address for that file only (GET /__harness/local-file/<token>), so the page still never names
 * a path itself.
 */
export function createShellStandIn(window: WindowStandIn, log: (message: string) => void) {
  const opened = new Map<string, string>();
  const shell: ShellLike & { openedFile(token: string): string | null } = {
    async openExternal(url) {
      log(`open in the browser: ${url}`);
      window.harness('openExternal', { url });
    },
    async openPath(path) {
      if (window.pageCount() === 0) return 'No browser tab shows the app.';
      const token = randomUUID();
      opened.set(token, path);
      window.harness('openPath', { url: `/__harness/local-file/${token}`, name: basename(path) });
      return '';
    },
    showItemInFolder(path) {
      log(`show in folder: ${path}`);
      window.harness('showItemInFolder', { name: basename(path) });
    },
    openedFile: (token) => opened.get(token) ?? null,
  };
  return shell;
}
