import type { PaymentMethod } from '@beatroom/shared/money-contract';
import { badRequest, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { CheckoutProvider } from './checkout-provider';

export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';

/** Saved payment methods and wallet set-up, whichever provider is in use; own methods only. */
export function createPaymentsService(deps: { provider: CheckoutProvider }) {
  const { provider } = deps;
  return {
    listMethods(user: UserRecord): Promise<PaymentMethod[]> {
      return provider.listMethods(user.id);
    },

    /** Someone else's method is answered exactly like an unknown one: 404. */
    async deleteMethod(user: UserRecord, methodId: string): Promise<void> {
      if (!(await provider.deleteMethod(user.id, methodId))) throw notFound(PAYMENT_METHOD_NOT_FOUND);
    },

    /**
     * Apple Pay merchant validation. With Stripe, Stripe's Payment Request performs it in the
     * browser for the domains registered with Stripe, so the answer only says who validates;
     * without Stripe there is no Apple Pay at all.
     */
    applePayValidate(): { provider: 'stripe' } {
      if (!provider.walletsAvailable) throw badRequest('Apple Pay is not available');
      return { provider: 'stripe' };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
