import type { UserRecord } from '../../platform/users/user-record';
import { localPaymentId, type LocalProvider } from '../payments/local-provider';
import { conflict, notFound } from '../../../http/http-errors';
import type { AccountPaymentCompletion } from './account-payment-completion';
import type { AccountPaymentRecord, AccountPaymentsRepository } from './account-payments.repository';

export const ACCOUNT_PAYMENT_NOT_FOUND = 'Payment not found';
export const ACCOUNT_CHECKOUT_CLOSED = {
  expired: 'This checkout has expired',
  cancelled: 'This payment was cancelled',
  failed: 'This payment failed',
} as const;

/** The local test checkout page of an account payment: its payer only, else 404. */
export function createAccountLocalCheckout(deps: {
  repo: AccountPaymentsRepository;
  local: LocalProvider;
  completion: Pick<AccountPaymentCompletion, 'complete' | 'close'>;
  now: () => Date;
}) {
  const { repo, local, now } = deps;
  const { complete, close } = deps.completion;

  async function own(user: UserRecord, paymentId: string): Promise<AccountPaymentRecord> {
    const payment = await repo.find(paymentId);
    if (!payment || payment.userId !== user.id || payment.provider !== 'local') {
      throw notFound(ACCOUNT_PAYMENT_NOT_FOUND);
    }
    return payment;
  }

  /** A pending payment whose time ran out is expired now, so the page and the job agree. */
  async function current(user: UserRecord, paymentId: string): Promise<AccountPaymentRecord> {
    const payment = await own(user, paymentId);
    if (payment.status === 'pending' && payment.expiresAt <= now()) {
      await close(payment.id, 'expired', 'Checkout expired');
      return own(user, paymentId);
    }
    return payment;
  }

  return {
    summary: current,

    /** Pays; paying a paid payment again changes nothing. A closed checkout is a 409. */
    async pay(user: UserRecord, paymentId: string): Promise<AccountPaymentRecord> {
      const payment = await current(user, paymentId);
      if (payment.status === 'paid') return payment;
      if (payment.status !== 'pending') throw conflict(ACCOUNT_CHECKOUT_CLOSED[payment.status]);
      const outcome = await complete(payment.id, {
        paymentId: localPaymentId(payment.id),
        amountCents: payment.amount_cents,
      });
      if (outcome === 'paid' && payment.savePaymentMethod) {
        await local.saveTestMethod(user, payment.payment_method_type, now());
      }
      return own(user, paymentId);
    },

    async cancel(user: UserRecord, paymentId: string): Promise<AccountPaymentRecord> {
      const payment = await current(user, paymentId);
      if (payment.status === 'cancelled') return payment;
      if (payment.status !== 'pending') {
        throw conflict(
          payment.status === 'paid'
            ? 'This payment is already made'
            : ACCOUNT_CHECKOUT_CLOSED[payment.status],
        );
      }
      await close(payment.id, 'cancelled', 'Cancelled by the payer');
      return own(user, paymentId);
    },
  };
}
