import {
  BeatPromotionsResponse,
  PromoteResponse,
  PromotionOptionsResponse,
  type PromoteBody,
} from '@beatroom/shared/promotions-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

const beatPath = (id: string) => `/api/beats/${encodeURIComponent(id)}`;

/**
 * Every promotions query key, defined once. The options carry the signed-in user's discount,
 * so they are keyed by user; a beat's promotions are its owner's to see.
 */
export const promotionKeys = {
  all: ['promotions'] as const,
  options: (userId: string) => ['promotions', 'options', userId] as const,
  beat: (beatId: string) => ['promotions', 'beat', beatId] as const,
};

/** GET /api/promotion-options: the three options, the caller's subscriber discount applied. */
export function promotionOptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: promotionKeys.options(userId),
    queryFn: ({ signal }) =>
      apiClient.get('/api/promotion-options', { schema: PromotionOptionsResponse, signal }),
  });
}

/** GET /api/beats/{id}/promotions (owner only): newest first, with state and end date. */
export function beatPromotionsQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: promotionKeys.beat(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(beatId)}/promotions`, { schema: BeatPromotionsResponse, signal }),
  });
}

/** POST /api/beats/{id}/promote: active at once with credits; a checkout_url with a card. */
export function promoteBeat(beatId: string, body: PromoteBody) {
  return apiClient.post(`${beatPath(beatId)}/promote`, { body, schema: PromoteResponse });
}
