import {
  DownloadHistoryResponse,
  DownloadResponse,
  PurchaseListResponse,
} from '@beatroom/shared/downloads-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

/**
 * Every query key of My Downloads, defined once and keyed by user (the routes are own-only), so
 * another account never reads the previous one's history. user(id) is what a new purchase or
 * download makes stale.
 */
export const downloadsKeys = {
  all: ['downloads'] as const,
  user: (userId: string) => ['downloads', userId] as const,
  history: (userId: string) => ['downloads', userId, 'history'] as const,
  purchases: (userId: string) => ['downloads', userId, 'purchases'] as const,
};

/** GET /api/users/{id}/downloads: the user's own download history, newest first. */
export function downloadHistoryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: downloadsKeys.history(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`${userPath(userId)}/downloads`, { schema: DownloadHistoryResponse, signal }),
  });
}

/** GET /api/users/{id}/purchases: the user's own licence purchases, newest first. */
export function purchasesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: downloadsKeys.purchases(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`${userPath(userId)}/purchases`, { schema: PurchaseListResponse, signal }),
  });
}

const StemsLink = DownloadResponse.pick({ downloadUrl: true, filename: true });

/** POST /api/beats/{id}/stems/download: a signed link to the beat's stems ZIP (Trackout, Exclusive). */
export function requestStemsDownload(beatId: string) {
  return apiClient.post(`/api/beats/${encodeURIComponent(beatId)}/stems/download`, { schema: StemsLink });
}
