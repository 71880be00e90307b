import { BeatWaveform } from '@beatroom/shared/beats-contract';
import { Recording, RECORDING_UPLOAD_FIELDS } from '@beatroom/shared/recordings-contract';
import {
  StudioBeat,
  StudioSession,
  StudioSessionsResponse,
  type CreateStudioSessionBody,
} from '@beatroom/shared/studio-sessions-contract';
import type { StudioSessionData } from '@beatroom/shared/studio-settings';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

/** Every query key of the studio; a beat's sessions sit under sessions(beatId). */
export const studioKeys = {
  all: ['studio'] as const,
  beat: (beatId: string) => ['studio', 'beat', beatId] as const,
  sessions: (beatId: string) => ['studio', 'sessions', beatId] as const,
  waveform: (beatId: string) => ['studio', 'waveform', beatId] as const,
};

const sessionPath = (id: string) => `/api/studio/sessions/${encodeURIComponent(id)}`;

/**
 * GET /api/studio/beats/{id}: the beat with the audio the caller may record over (the master
 * for its producer and licence holders, else the preview). 404 "Beat not found".
 */
export function studioBeatQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: studioKeys.beat(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/studio/beats/${encodeURIComponent(beatId)}`, { schema: StudioBeat, signal }),
    // A missing beat stays missing; other failures leave the studio.
    retry: false,
  });
}

/**
 * GET /api/beats/{id}/waveform: the beat's peaks, computed by the server when it was uploaded,
 * for the timeline's beat lane. A beat's audio never changes.
 */
export function studioBeatWaveformQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: studioKeys.waveform(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/beats/${encodeURIComponent(beatId)}/waveform`, { schema: BeatWaveform, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** GET /api/studio/sessions?beat_id=: the caller's sessions of this beat, newest first. */
export function studioSessionsQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: studioKeys.sessions(beatId),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ beat_id: beatId });
      const answer = await apiClient.get(`/api/studio/sessions?${query}`, {
        schema: StudioSessionsResponse,
        signal,
      });
      return answer.sessions;
    },
  });
}

/** POST /api/studio/sessions ("Save Session"). */
export function createStudioSession(body: CreateStudioSessionBody): Promise<StudioSession> {
  return apiClient.post('/api/studio/sessions', { body, schema: StudioSession });
}

/** PUT /api/studio/sessions/{id} with the whole settings (auto-save). */
export function saveStudioSessionData(id: string, sessionData: StudioSessionData): Promise<StudioSession> {
  return apiClient.put(sessionPath(id), { body: { session_data: sessionData }, schema: StudioSession });
}

/** DELETE /api/studio/sessions/{id}. */
export function deleteStudioSession(id: string): Promise<void> {
  return apiClient.delete(sessionPath(id));
}

export interface RecordingUpload {
  beatId: string;
  name: string;
  isPublic: boolean;
  /** The take as MediaRecorder made it (WebM/Opus). */
  take: Blob;
  onProgress?: (fraction: number) => void;
}

/** POST /api/recordings/upload (multipart), with byte progress. */
export function uploadRecording({ beatId, name, isPublic, take, onProgress }: RecordingUpload) {
  const form = new FormData();
  form.append(RECORDING_UPLOAD_FIELDS.beatId, beatId);
  form.append(RECORDING_UPLOAD_FIELDS.recordingName, name);
  form.append(RECORDING_UPLOAD_FIELDS.isPublic, String(isPublic));
  // Fields first, the file last: the server reads the fields before streaming the file.
  form.append(RECORDING_UPLOAD_FIELDS.recording, take, 'take.webm');
  return uploadWithProgress('/api/recordings/upload', form, { onProgress, schema: Recording });
}
