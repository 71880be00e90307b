import { BeatList } from '@beatroom/shared/beat-list-contract';
import {
  CHALLENGE_LIMITS,
  Challenge,
  ChallengeDetail,
  ChallengeListResponse,
  type ChallengeFilterTab,
  type CreateChallengeBody,
} from '@beatroom/shared/challenges-contract';
import { RecordingsResponse } from '@beatroom/shared/recordings-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** Every challenges query key, defined once; `all` is what a create, an entry or a vote makes stale. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: (filter: ChallengeFilterTab, userId: string | null) =>
    ['challenges', 'list', filter, userId] as const,
  detail: (id: string, userId: string | null) => ['challenges', 'detail', id, userId] as const,
  ownTakes: (userId: string) => ['challenges', 'own-takes', userId] as const,
  beats: (search: string) => ['challenges', 'beats', search] as const,
};

const path = (id: string) => `/api/challenges/${encodeURIComponent(id)}`;

/**
 * GET /api/challenges?filter=… (All sends none). Keyed by the viewer, whose entries the cards
 * show. Refetched each countdown period so states and counts follow the server.
 */
export const challengesQueryOptions = (filter: ChallengeFilterTab, userId: string | null) =>
  queryOptions({
    queryKey: challengeKeys.list(filter, userId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/challenges${filter === 'all' ? '' : `?filter=${filter}`}`, {
        schema: ChallengeListResponse,
        signal,
      }),
    refetchInterval: CHALLENGE_LIMITS.COUNTDOWN_REFRESH_MS,
  });

export const challengeQueryOptions = (id: string, userId: string | null) =>
  queryOptions({
    queryKey: challengeKeys.detail(id, userId),
    queryFn: ({ signal }) => apiClient.get(path(id), { schema: ChallengeDetail, signal }),
    retry: false,
    // Entries, votes and the winner change on the server: fetched again with each countdown tick.
    refetchInterval: CHALLENGE_LIMITS.COUNTDOWN_REFRESH_MS,
  });

/** The caller's takes: those over the challenge's beat can enter it. */
export const ownTakesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: challengeKeys.ownTakes(userId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/recordings', { schema: RecordingsResponse, signal })).recordings,
  });

/** Beats a challenge can be over: the catalogue's newest, or its search. */
export const beatChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: challengeKeys.beats(search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: '30' });
      if (search) query.set('search', search);
      return apiClient.get(`/api/beats?${query.toString()}`, { schema: BeatList, signal });
    },
  });

export const createChallenge = (body: CreateChallengeBody) =>
  apiClient.post('/api/challenges', { body, schema: Challenge });

export const enterChallenge = (id: string, recordingId: string) =>
  apiClient.post(`${path(id)}/entries`, { body: { recording_id: recordingId }, schema: ChallengeDetail });

export const voteFor = (id: string, entryId: string) =>
  apiClient.post(`${path(id)}/votes`, { body: { entry_id: entryId }, schema: ChallengeDetail });
