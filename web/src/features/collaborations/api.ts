import {
  AcceptResponseResult,
  CollaborationListResponse,
  CollaborationRequest,
  CollaborationResponse,
  CollaborationResponsesResponse,
  type CollaborationType,
  type CreateCollaborationBody,
  type RespondBody,
} from '@beatroom/shared/collaborations-contract';
import { UserBeatsResponse } from '@beatroom/shared/community-contract';
import { RecordingsResponse } from '@beatroom/shared/recordings-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The board's type filter: every type, or one of them. */
export type BoardFilter = CollaborationType | 'all';

/** Every collaboration query key, defined once. */
export const collaborationKeys = {
  all: ['collaborations'] as const,
  board: (type: BoardFilter, search: string) => ['collaborations', 'board', type, search] as const,
  detail: (id: string) => ['collaborations', 'detail', id] as const,
  responses: (id: string) => ['collaborations', 'detail', id, 'responses'] as const,
  /** What a member may attach: their takes and their beats. */
  ownTakes: ['collaborations', 'own-takes'] as const,
  ownBeats: (userId: string) => ['collaborations', 'own-beats', userId] as const,
};

const requestPath = (id: string) => `/api/collaborations/${encodeURIComponent(id)}`;

export const boardQueryOptions = (type: BoardFilter, search: string) =>
  queryOptions({
    queryKey: collaborationKeys.board(type, search),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams();
      if (type !== 'all') query.set('type', type);
      if (search) query.set('search', search);
      const qs = query.toString();
      return (
        await apiClient.get(`/api/collaborations${qs ? `?${qs}` : ''}`, {
          schema: CollaborationListResponse,
          signal,
        })
      ).collaborations;
    },
  });

export const collaborationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: collaborationKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get(requestPath(id), { schema: CollaborationRequest, signal }),
    retry: false,
  });

export const responsesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: collaborationKeys.responses(id),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`${requestPath(id)}/responses`, {
          schema: CollaborationResponsesResponse,
          signal,
        })
      ).responses,
  });

export const ownTakesQueryOptions = () =>
  queryOptions({
    queryKey: collaborationKeys.ownTakes,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/recordings', { schema: RecordingsResponse, signal })).recordings,
  });

export const ownBeatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: collaborationKeys.ownBeats(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/${encodeURIComponent(userId)}/beats`, { schema: UserBeatsResponse, signal }),
  });

export const postRequest = (body: CreateCollaborationBody) =>
  apiClient.post('/api/collaborations', { body, schema: CollaborationRequest });

export const respondTo = (id: string, body: RespondBody) =>
  apiClient.post(`${requestPath(id)}/responses`, { body, schema: CollaborationResponse });

export const acceptResponse = (id: string, responseId: string) =>
  apiClient.post(`${requestPath(id)}/responses/${encodeURIComponent(responseId)}/accept`, {
    schema: AcceptResponseResult,
  });

export const closeRequest = (id: string) =>
  apiClient.post(`${requestPath(id)}/close`, { schema: CollaborationRequest });
