import { BeatAnalytics } from '@beatroom/shared/beat-social-contract';
import { Beat, CreatedId, type CreateBeatBody, type EditBeatBody } from '@beatroom/shared/beats-contract';
import { UPLOAD_FIELDS, UploadResponse } from '@beatroom/shared/files-contract';
import { UploadQuota } from '@beatroom/shared/upload-quota-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

const beatPath = (id: string) => `/api/beats/${encodeURIComponent(id)}`;

export const uploadKeys = {
  /** A beat's numbers for its owner, shown in Manage Beat. */
  analytics: (beatId: string) => ['beat-analytics', beatId] as const,
  /** The signed-in user's storage quota and what is left of it. */
  quota: ['upload-quota'] as const,
};

/** GET /api/uploads/quota: asked afresh on each visit of the upload page (uploads elsewhere move it). */
export const uploadQuotaQueryOptions = queryOptions({
  queryKey: uploadKeys.quota,
  queryFn: ({ signal }) => apiClient.get('/api/uploads/quota', { schema: UploadQuota, signal }),
  staleTime: 0,
});

/**
 * GET /api/beats/{id}/analytics, owner only. Asked afresh each time Manage Beat opens: plays,
 * favourites and reviews move while the owner browses.
 */
export function beatAnalyticsQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: uploadKeys.analytics(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(beatId)}/analytics`, { schema: BeatAnalytics, signal }),
    staleTime: 0,
  });
}

/**
 * POST /api/upload/audio with byte progress (0 to 1). Pass the bare path: uploadWithProgress
 * adds the configured API base itself, as apiClient does.
 */
export async function uploadAudio(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.audio, file, file.name);
  const { key } = await uploadWithProgress('/api/upload/audio', body, {
    onProgress,
    signal,
    schema: UploadResponse,
  });
  return key;
}

/** POST /api/beats answers the new beat's id (the first one's, for a retry with the same key). */
export async function createBeat(body: CreateBeatBody, signal?: AbortSignal) {
  const { id } = await apiClient.post('/api/beats', { body, schema: CreatedId, signal });
  return id;
}

/** PUT /api/beats/{id}/edit answers the saved beat. */
export function editBeat(beatId: string, body: EditBeatBody) {
  return apiClient.put(`${beatPath(beatId)}/edit`, { body, schema: Beat });
}

export function deleteBeat(beatId: string) {
  return apiClient.delete(beatPath(beatId));
}
