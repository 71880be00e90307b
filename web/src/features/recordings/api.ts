import { Recording, RecordingsResponse } from '@beatroom/shared/recordings-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/**
 * Every query key of My Recordings, keyed by user (the route is own-only), so another account
 * never reads the previous one's takes. The studio's Save Recording makes user(id) stale.
 */
export const recordingsKeys = {
  all: ['recordings'] as const,
  user: (userId: string) => ['recordings', userId] as const,
};

/** GET /api/recordings: the signed-in user's takes, newest first. */
export function recordingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: recordingsKeys.user(userId),
    queryFn: ({ signal }) => apiClient.get('/api/recordings', { schema: RecordingsResponse, signal }),
    select: (data) => data.recordings,
  });
}

/** DELETE /api/recordings/{id}: the take and its file. */
export function deleteRecording(id: string): Promise<unknown> {
  return apiClient.delete(`/api/recordings/${encodeURIComponent(id)}`);
}

/** PATCH /api/recordings/{id}: publish a take (it lists under the beat's vocal covers) or make it private. */
export function setRecordingPublic(id: string, isPublic: boolean): Promise<Recording> {
  return apiClient.patch(`/api/recordings/${encodeURIComponent(id)}`, {
    body: { is_public: isPublic },
    schema: Recording,
  });
}

/** POST /api/recordings/{id}/play: counts a play, fire and forget (failures are only logged). */
export function registerOwnPlay(id: string): void {
  apiClient.post(`/api/recordings/${encodeURIComponent(id)}/play`).catch((error: unknown) => {
    console.error('Failed to register a recording play', error);
  });
}

/** A file name for a downloaded take: its name, made safe, with the extension of its format. */
export function recordingFileName(recording: { recording_name: string; format: 'webm' | 'wav' }): string {
  // Characters no file system takes in a name, and control characters.
  const safe = [...recording.recording_name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c));
  const base = safe.join('').replace(/\s+/g, ' ').trim() || 'recording';
  return `${base}.${recording.format}`;
}
