// Where the timeline's takes keep their audio, behind one small interface so a platform can keep
// them elsewhere (the desktop app's local library, say) while the studio stays the same. The
// arrangement only ever holds what `save` answers (a take's `source`), never the audio itself.
import {
  STUDIO_TAKE_UPLOAD_FIELD,
  StudioTakeFile,
  studioTakeAudioUrl,
  studioTakeIdOf,
  studioTakeSource,
} from '@beatroom/shared/studio-takes-contract';
import { apiClient, ApiError, apiUrl } from '../../lib/api-client';
import type { PlatformTakeStorage } from '../../lib/platform-take-storage';
import { indexedDbRecordingJournal } from './recording-journal-idb';

/** A platform may pass its own (Platform.takeStorage); the interface lives with the Platform. */
export type TakeStorage = PlatformTakeStorage;

/**
 * Whether a failed save is worth trying again: a network failure, a timeout, a busy or failing
 * server are; the server refusing the take itself (not audio, too large: 4xx) is not.
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Delay before the next attempt: 1, 2, 4… seconds, at most 30 (a take is never given up on). */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

async function saveOnServer(audio: Blob): Promise<string> {
  const form = new FormData();
  const extension = audio.type.includes('wav') ? 'wav' : 'webm';
  form.append(STUDIO_TAKE_UPLOAD_FIELD, audio, `take.${extension}`);
  const file = await apiClient.post('/api/studio/takes', { body: form, schema: StudioTakeFile });
  return studioTakeSource(file.id);
}

/**
 * The web's: each take a private file on the server (POST / GET /api/studio/takes), the take
 * being recorded kept in IndexedDB as it goes.
 */
export const serverTakeStorage: TakeStorage = {
  save: saveOnServer,
  journal: indexedDbRecordingJournal(saveOnServer),

  async load(source) {
    const id = studioTakeIdOf(source);
    if (!id) return null;
    const response = await fetch(apiUrl(studioTakeAudioUrl(id)), { credentials: 'include' });
    if (!response.ok)
      throw new ApiError(response.status, `The take's audio answered HTTP ${response.status}`);
    return response.blob();
  },
};
