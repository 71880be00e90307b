import type { CartCheckoutBody } from '@beatroom/shared/cart-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../../lib/error-text';
import { useLeaveForPage, type LeaveOutcome } from '../../../lib/leave-for-page';
import { useSession } from '../../session/hooks/use-session';
import { cartKeys, checkoutCart } from '../api';

/** How a cart checkout went on: paid at once (a saved method), or off to the checkout page. */
export type CartCheckoutOutcome = 'paid' | LeaveOutcome;

/**
 * POST /api/cart/checkout and what follows, as a single purchase does: a checkout_url sends the
 * browser there (the desktop app hands it to the system browser); a paid order empties the
 * cart. A refusal (a price changed, an exclusive was taken, the coupon ran out) prices the cart
 * again, so what the buyer sees next to the error is what checkout would charge now.
 */
export function useCartCheckout() {
  const queryClient = useQueryClient();
  const leaveFor = useLeaveForPage();
  const { user } = useSession();
  const refreshCart = () =>
    user ? queryClient.invalidateQueries({ queryKey: cartKeys.cart(user.id), exact: false }) : null;

  return useMutation({
    mutationFn: async (body: CartCheckoutBody): Promise<CartCheckoutOutcome> => {
      const answer = await checkoutCart(body);
      return 'checkout_url' in answer ? leaveFor(answer.checkout_url) : 'paid';
    },
    onSuccess: async (outcome) => {
      if (outcome === 'paid') await refreshCart();
    },
    onError: (error) => {
      console.error(`Cart checkout failed: ${describeError(error)}`);
      void refreshCart();
    },
  });
}
