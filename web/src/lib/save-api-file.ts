import { ApiError, apiUrl } from './api-client';
import type { Platform } from './platform';

/** How long a saved file's object URL outlives the click (Firefox reads it after the event). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Saves a file the API serves (a PDF, say) and fails loudly when it cannot: an HTTP error
 * rejects with an ApiError, so the screen can tell the user. The browser's plain
 * `<a download>` (platform.saveFile on the web) cannot report a failure, so on the web the file
 * is fetched first and saved from memory; the desktop app's saveFile fetches in main and
 * already rejects on failure. Meant for small files: large ones (beats) go through
 * platform.saveFile with a signed link instead.
 */
export async function saveApiFile(platform: Platform, path: string, suggestedName: string): Promise<void> {
  if (platform.kind === 'desktop') {
    await platform.saveFile({ path, suggestedName });
    return;
  }
  // Same origin on the web: the session cookie goes along.
  const response = await fetch(apiUrl(path), { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, `API responded with HTTP status ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
