import { useQueryClient } from '@tanstack/react-query';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { CartPage } from '../../features/cart/components/cart-page';
import { downloadsKeys } from '../../features/downloads/api';
import { purchaseKeys } from '../../features/purchase/api';
import { useAccountChanges } from '../account-changes';
import { renderPaymentChoice } from '../payment-choice';

/**
 * /cart: the cart, offering a visitor the sign-in that brings their cart along, and a member the
 * checkout with buying's payment choice. A cart paid at once makes the buyer's downloads,
 * download statuses and invoices stale.
 */
export function CartRoute() {
  const queryClient = useQueryClient();
  const changes = useAccountChanges();
  return (
    <CartPage
      signIn={<SignInButton />}
      paymentChoice={renderPaymentChoice}
      onPaid={() => {
        changes.checkoutPaid();
        void queryClient.invalidateQueries({ queryKey: downloadsKeys.all });
        void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      }}
    />
  );
}
