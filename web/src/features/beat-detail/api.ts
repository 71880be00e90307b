import { queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';
import { describeError } from '../../lib/error-text';

const beatPath = (id: string) => `/api/beats/${encodeURIComponent(id)}`;
const BeatDetail = answerSchema('beats-contract', 'BeatDetail');
const PublicRecordingList = answerSchema('beat-social-contract', 'PublicRecordingList');

/** Every query key of the beat page; everything about one beat sits under beat(id). */
export const beatDetailKeys = {
  beat: (id: string) => ['beat-detail', id] as const,
  detail: (id: string) => ['beat-detail', id, 'detail'] as const,
  publicRecordings: (id: string) => ['beat-detail', id, 'public-recordings'] as const,
};

/** GET /api/beats/{id}; a 404 means "Beat not found" and is not retried. */
export function beatDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: beatDetailKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get(beatPath(id), { schema: BeatDetail, signal }),
  });
}

/** GET /api/beats/{id}/public-recordings: community vocal covers. */
export function publicRecordingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: beatDetailKeys.publicRecordings(id),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(id)}/public-recordings`, { schema: PublicRecordingList, signal }),
  });
}

/** POST /api/recordings/{id}/play for a vocal cover, fire and forget. */
export function registerRecordingPlay(recordingId: string): void {
  apiClient.post(`/api/recordings/${encodeURIComponent(recordingId)}/play`).catch((error: unknown) => {
    console.error(`Failed to register a recording play: ${describeError(error)}`);
  });
}
