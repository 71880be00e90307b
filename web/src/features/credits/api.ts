import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

// The credits contract is not in @beatroom/shared yet; until it is, this reads only the one
// field the user menu needs and rejects anything else rather than trusting it.

export const creditKeys = {
  all: ['credits'] as const,
  /** Keyed by user, so a different account never sees the previous one's balance. */
  balance: (userId: string) => ['credits', 'balance', userId] as const,
};

function readCreditsAvailable(body: unknown): number {
  if (typeof body === 'object' && body !== null && 'credits' in body) {
    const { credits } = body;
    if (typeof credits === 'object' && credits !== null && 'credits_available' in credits) {
      const available = credits.credits_available;
      if (typeof available === 'number' && Number.isFinite(available)) return available;
    }
  }
  throw new Error('Unexpected credits response');
}

/** GET /api/user/credits: the signed-in user's available credits. */
export function creditBalanceQueryOptions(userId: string) {
  return queryOptions({
    queryKey: creditKeys.balance(userId),
    queryFn: async ({ signal }) => readCreditsAvailable(await apiClient.get('/api/user/credits', { signal })),
  });
}
