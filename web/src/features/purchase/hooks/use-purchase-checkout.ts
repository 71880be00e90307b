import type { PurchaseBody } from '@beatroom/shared/money-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../../lib/error-text';
import { useLeaveForPage, type LeaveOutcome } from '../../../lib/leave-for-page';
import { useSession } from '../../session/hooks/use-session';
import { purchaseBeat, purchaseKeys } from '../api';

/**
 * How a purchase went on: the order is paid already (a saved method), this page is leaving for
 * the checkout, or (desktop) the checkout opened in the system browser and the app stays.
 */
export type CheckoutOutcome = 'paid' | LeaveOutcome;

/**
 * POST /api/beats/{id}/purchase and what follows: a checkout_url sends the
 * browser there (the desktop app hands it to the system browser, where the buyer's wallet and
 * password manager live); a paid order makes the buyer's download statuses and the licences
 * stale. A failure may mean the price changed or the exclusive was taken: the cards are
 * fetched again.
 */
export function usePurchaseCheckout(beatId: string) {
  const queryClient = useQueryClient();
  const leaveFor = useLeaveForPage();
  const { user } = useSession();

  return useMutation({
    mutationFn: async (body: PurchaseBody): Promise<CheckoutOutcome> => {
      const answer = await purchaseBeat(beatId, body);
      return 'checkout_url' in answer ? leaveFor(answer.checkout_url) : 'paid';
    },
    onSuccess: async (outcome) => {
      if (outcome !== 'paid') return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseKeys.licenses(beatId, user?.id ?? null) }),
        user ? queryClient.invalidateQueries({ queryKey: purchaseKeys.downloadStatuses(user.id) }) : null,
      ]);
    },
    onError: (error) => {
      // The server's text is read but the buyer sees the one alert.
      console.error(`Purchase failed: ${describeError(error)}`);
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.licenses(beatId, user?.id ?? null) });
    },
  });
}
