import { LocalAccountCheckoutPage } from '../../features/purchase/components/local-account-checkout-page';
import { useAccountChanges } from '../account-changes';
import { MembersOnly } from './members-only';

/**
 * /checkout/local/account/:paymentId: the local test checkout of a credits pack, a promotion or a
 * subscription, members only; once paid, every account figure it may have changed is refetched.
 */
export function LocalAccountCheckoutRoute() {
  const { checkoutPaid } = useAccountChanges();
  return (
    <MembersOnly
      title="Sign in to complete your payment"
      description="This checkout belongs to the account that started it: sign in with that account to pay or cancel."
    >
      {() => <LocalAccountCheckoutPage onPaid={checkoutPaid} />}
    </MembersOnly>
  );
}
