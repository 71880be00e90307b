import { EarningsByDayResponse } from '@beatroom/shared/analytics-charts-contract';
import { EarningsResponse, PayoutOnboardingResponse } from '@beatroom/shared/earnings-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/**
 * The earnings query key, defined once and keyed by user: the route answers only the caller's
 * own ledger, so another account must never read this entry. A live "New sale" invalidates it.
 */
export const earningsKeys = {
  all: ['earnings'] as const,
  user: (userId: string) => ['earnings', userId] as const,
};

/** GET /api/users/me/earnings: totals, per beat, the last 30 days and payout status. */
export function earningsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: earningsKeys.user(userId),
    queryFn: ({ signal }) => apiClient.get('/api/users/me/earnings', { schema: EarningsResponse, signal }),
  });
}

/** POST /api/payouts/onboarding → where the producer completes Stripe Connect onboarding. */
export function startPayoutOnboarding() {
  return apiClient.post('/api/payouts/onboarding', { schema: PayoutOnboardingResponse });
}

/** GET /api/users/me/earnings/by-day?days= (plans with analytics_access; 403 ANALYTICS_LOCKED otherwise). */
export function earningsByDayQueryOptions(userId: string, days: number) {
  return queryOptions({
    queryKey: [...earningsKeys.user(userId), 'by-day', days] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/me/earnings/by-day?days=${days}`, { schema: EarningsByDayResponse, signal }),
  });
}
