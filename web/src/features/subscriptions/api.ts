import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

// The subscription contract is not in @beatroom/shared yet; until it is, this reads only what
// the user menu shows (money.md §3: name, tier_name) and treats anything else as no subscription.

export interface ActiveSubscription {
  /** The tier's display name, e.g. Pro. */
  tierName: string;
}

export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: (userId: string) => ['subscription', 'current', userId] as const,
};

function readSubscription(body: unknown): ActiveSubscription | null {
  if (typeof body !== 'object' || body === null || !('subscription' in body)) return null;
  const { subscription } = body;
  if (typeof subscription !== 'object' || subscription === null) return null;
  const tierName =
    ('tier_name' in subscription && subscription.tier_name) || ('name' in subscription && subscription.name);
  return typeof tierName === 'string' && tierName ? { tierName } : null;
}

/** GET /api/user/subscription: the active subscription, or null when the user has none. */
export function subscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.current(userId),
    queryFn: async ({ signal }) =>
      readSubscription(await apiClient.get('/api/user/subscription', { signal })),
  });
}
