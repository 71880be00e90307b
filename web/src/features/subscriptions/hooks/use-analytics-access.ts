import { FREE_TIER_NAME } from '@beatroom/shared/subscriptions-contract';
import { useQuery } from '@tanstack/react-query';
import { producerTiersQueryOptions, subscriptionQueryOptions } from '../api';

/**
 * Whether the user's plan includes analytics (the listener and earnings-by-day charts): the live
 * subscription's analytics_access, or, without one, the Free tier's. Undefined until known, so a
 * locked panel never asks the API for what it would refuse with 403.
 */
export function useAnalyticsAccess(userId: string): boolean | undefined {
  const subscription = useQuery(subscriptionQueryOptions(userId));
  const current = subscription.data?.subscription;
  const tiers = useQuery({ ...producerTiersQueryOptions(), enabled: subscription.isSuccess && !current });
  if (current) return current.analytics_access;
  if (!subscription.isSuccess) return subscription.isError ? false : undefined;
  if (!tiers.data) return tiers.isError ? false : undefined;
  return tiers.data.find((tier) => tier.name === FREE_TIER_NAME)?.analytics_access ?? false;
}
