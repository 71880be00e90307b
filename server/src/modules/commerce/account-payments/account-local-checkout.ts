import { createLocalCheckoutPage } from '../payments/local-checkout-page';
import type { LocalProvider } from '../payments/local-provider';
import type { AccountPaymentCompletion } from './account-payment-completion';
import type { AccountPaymentsRepository } from './account-payments.repository';

export const ACCOUNT_PAYMENT_NOT_FOUND = 'Payment not found';
export const ACCOUNT_CHECKOUT_CLOSED = {
  expired: 'This checkout has expired',
  cancelled: 'This payment was cancelled',
  failed: 'This payment failed',
} as const;
const ALREADY_MADE = 'This payment is already made';

/** The local test checkout page of an account payment: its payer only, else 404. */
export function createAccountLocalCheckout(deps: {
  repo: AccountPaymentsRepository;
  local: LocalProvider;
  completion: Pick<AccountPaymentCompletion, 'complete' | 'close'>;
  now: () => Date;
}) {
  const { repo } = deps;
  const { complete, close } = deps.completion;
  return createLocalCheckoutPage({
    local: deps.local,
    now: deps.now,
    notFoundMessage: ACCOUNT_PAYMENT_NOT_FOUND,
    async own(user, paymentId) {
      const payment = await repo.find(paymentId);
      return payment && payment.user_id === user.id && payment.provider === 'local' ? payment : null;
    },
    closedMessage: (status) =>
      status === 'paid'
        ? ALREADY_MADE
        : ACCOUNT_CHECKOUT_CLOSED[status as keyof typeof ACCOUNT_CHECKOUT_CLOSED],
    complete: async (payment, received) => (await complete(payment.id, received)) === 'paid',
    close: (payment, status) =>
      close(payment.id, status, status === 'expired' ? 'Checkout expired' : 'Cancelled by the payer'),
  });
}
