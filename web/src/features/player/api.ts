import { queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';

// The player bar's waveform, checked in the answer-check worker.
const BeatWaveformSchema = answerSchema('beats-contract', 'BeatWaveform');

export const playerKeys = {
  all: ['player'] as const,
  /** The player bar only holds list beats, so it fetches the waveform on its own. */
  waveform: (beatId: string) => ['player', 'waveform', beatId] as const,
};

/** GET /api/beats/{id}/waveform: peaks for the seek bar. A beat's audio never changes. */
export function waveformQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: playerKeys.waveform(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/beats/${encodeURIComponent(beatId)}/waveform`, {
        schema: BeatWaveformSchema,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/beats/{id}/play, fire and forget: a failure is only logged. */
export function registerPlay(beatId: string): void {
  apiClient.post(`/api/beats/${encodeURIComponent(beatId)}/play`).catch((error: unknown) => {
    console.error(`Failed to register a play: ${error instanceof Error ? error.message : String(error)}`);
  });
}
