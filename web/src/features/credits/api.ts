import type { CreditPurchaseBody } from '@beatroom/shared/credits-contract';
import { CREDIT_TRANSACTIONS_DEFAULT_LIMIT } from '@beatroom/shared/money-constants';
import { queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';

// Checked in the answer-check worker (a profile shows its owner's credits).
const CreditsResponse = answerSchema('credits-contract', 'CreditsResponse');
const AccountCheckoutResponse = answerSchema('subscriptions-contract', 'AccountCheckoutResponse');

/**
 * Every credits query key, defined once and keyed by user (a balance is one's own, so another
 * account never reads the previous one's). user(id) is what a purchase or a spend makes stale.
 */
export const creditsKeys = {
  all: ['credits'] as const,
  user: (userId: string) => ['credits', userId] as const,
};

/**
 * GET /api/user/credits?limit=10: the balance and the newest transactions. One query for every
 * screen: the settings section and the profile tab show the 10, the Buy Credits dialog the
 * first 5, the user menu only the balance.
 */
export function creditsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: creditsKeys.user(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/user/credits?limit=${CREDIT_TRANSACTIONS_DEFAULT_LIMIT}`, {
        schema: CreditsResponse,
        signal,
      }),
  });
}

/** POST /api/user/credits/purchase: a checkout_url to visit, or paid at once (saved method). */
export function purchaseCredits(body: CreditPurchaseBody) {
  return apiClient.post('/api/user/credits/purchase', { body, schema: AccountCheckoutResponse });
}
