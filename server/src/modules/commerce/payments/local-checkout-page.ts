import type { PaymentType } from '@beatroom/shared/money-contract';
import { conflict, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import { localPaymentId, type LocalProvider } from './local-provider';

/** What the local checkout page needs of an order or an account payment. */
export interface LocalCheckoutSubject {
  id: string;
  status: string;
  /** ISO time the checkout closes. */
  expires_at: string;
  amount_cents: number;
  save_payment_method: boolean;
  payment_method_type: PaymentType;
}

/**
 * The local test checkout page (no Stripe configured), one behaviour for orders and account
 * payments: only its payer sees or acts on it (anyone else: 404); an open one whose time ran
 * out is expired when looked at, so the page and the job agree; Pay goes through the same
 * completion as a Stripe payment and paying again changes nothing; a closed checkout is a 409.
 */
export function createLocalCheckoutPage<T extends LocalCheckoutSubject>(deps: {
  local: LocalProvider;
  /** The payer's own local checkout, or null (someone else's, another provider's, unknown). */
  own: (user: UserRecord, id: string) => Promise<T | null>;
  notFoundMessage: string;
  /** Why a closed checkout cannot be paid or cancelled, by its status. */
  closedMessage: (status: string) => string;
  /** Completes it with the local payment; true when it ended paid. */
  complete: (subject: T, received: { paymentId: string; amountCents: number }) => Promise<boolean>;
  close: (subject: T, status: 'expired' | 'cancelled', user: UserRecord) => Promise<unknown>;
  now: () => Date;
}) {
  const { local, now } = deps;

  async function own(user: UserRecord, id: string): Promise<T> {
    const subject = await deps.own(user, id);
    if (!subject) throw notFound(deps.notFoundMessage);
    return subject;
  }

  async function current(user: UserRecord, id: string): Promise<T> {
    const subject = await own(user, id);
    if (subject.status === 'pending' && new Date(subject.expires_at) <= now()) {
      await deps.close(subject, 'expired', user);
      return own(user, id);
    }
    return subject;
  }

  return {
    summary: current,

    async pay(user: UserRecord, id: string): Promise<T> {
      const subject = await current(user, id);
      if (subject.status === 'paid') return subject;
      if (subject.status !== 'pending') throw conflict(deps.closedMessage(subject.status));
      const paid = await deps.complete(subject, {
        paymentId: localPaymentId(subject.id),
        amountCents: subject.amount_cents,
      });
      if (paid && subject.save_payment_method) {
        await local.saveTestMethod(user, subject.payment_method_type, now());
      }
      return own(user, id);
    },

    async cancel(user: UserRecord, id: string): Promise<T> {
      const subject = await current(user, id);
      if (subject.status === 'cancelled') return subject;
      if (subject.status !== 'pending') throw conflict(deps.closedMessage(subject.status));
      await deps.close(subject, 'cancelled', user);
      return own(user, id);
    },
  };
}
