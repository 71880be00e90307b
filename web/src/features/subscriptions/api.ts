import {
  ProducerTierListResponse,
  SubscribeResponse,
  SubscriptionResponse,
  type SubscribeBody,
} from '@beatroom/shared/subscriptions-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/**
 * Every subscriptions query key, defined once. One's subscription is keyed by user, so another
 * account never reads the previous one's; the tiers are public.
 */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  tiers: () => ['subscriptions', 'tiers'] as const,
  mine: (userId: string) => ['subscriptions', 'mine', userId] as const,
};

/** GET /api/producer-tiers: every tier, the hidden Free tier included. */
export function producerTiersQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.tiers(),
    queryFn: ({ signal }) =>
      apiClient.get('/api/producer-tiers', { schema: ProducerTierListResponse, signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/user/subscription: `{ subscription: null }` when there is none. */
export function subscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.mine(userId),
    queryFn: ({ signal }) =>
      apiClient.get('/api/user/subscription', { schema: SubscriptionResponse, signal }),
  });
}

/** POST /api/user/subscribe: a checkout_url to visit, or subscribed (or changed) at once. */
export function subscribe(body: SubscribeBody) {
  return apiClient.post('/api/user/subscribe', { body, schema: SubscribeResponse });
}

/** POST /api/user/subscription/cancel: the plan ends at the period's end. */
export function cancelSubscription() {
  return apiClient.post('/api/user/subscription/cancel');
}
