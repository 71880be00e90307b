import { fileUrl } from '@beatroom/shared/files-contract';
import { apiUrl } from './api-client';

/**
 * Where a stored file (a cover, a picture, an audio file) is served, on the API's own server:
 * the page's origin on the web, the configured server in the desktop app. Null without a key.
 */
export function storedFileUrl(key: string | null | undefined): string | null {
  return key ? apiUrl(fileUrl(key)) : null;
}
