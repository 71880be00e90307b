import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import type { Tx } from '../../../db/transaction';
import { ACCOUNT_DELETED } from '../../../db/user-lock';
import { conflict, notFound, paymentRequired } from '../../../http/http-errors';
import type {
  AccountPaymentKind,
  CheckoutProvider,
  PaymentReceived,
  SavedCharge,
} from '../payments/checkout-provider';
import type { AccountPaymentRecord, AccountPaymentsRepository } from './account-payments.repository';

export const AMOUNT_MISMATCH = 'The payment did not match the amount due';
export const CHARGE_FAILED = 'The payment failed. Please try again.';
export const CHECKOUT_CANCELLED = 'Paid after its checkout was cancelled';

/**
 * What a kind does once its payment is taken, inside the transaction that marks it paid (so it
 * happens exactly once), and when its checkout ends unpaid.
 */
export interface AccountPaymentHandler {
  paid(tx: Tx, payment: AccountPaymentRecord, received: PaymentReceived, at: Date): Promise<void>;
  closed?(tx: Tx, payment: AccountPaymentRecord): Promise<void>;
  /** After the paying transaction committed (work that must not hold its locks, e.g. a job). */
  afterPaid?(payment: AccountPaymentRecord): Promise<void>;
}

export type CompletionOutcome = 'paid' | 'already_paid' | 'unknown' | 'refund';

/** Where payment events are logged (the app's logger). */
export interface PaymentsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Settling account payments: the one completion function that the local checkout page, the
 * Stripe webhook and saved charges all call, idempotent per payment, and closing one that ends
 * unpaid. Each kind registers what happens then (`handle`).
 */
export function createAccountPaymentCompletion(deps: {
  repo: AccountPaymentsRepository;
  provider: CheckoutProvider;
  log: PaymentsLog;
  now: () => Date;
}) {
  const { repo, provider, log, now } = deps;
  const handlers = new Map<AccountPaymentKind, AccountPaymentHandler>();

  function handlerOf(kind: AccountPaymentKind): AccountPaymentHandler {
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No handler for account payments of kind ${kind}`);
    return handler;
  }

  /**
   * Why a payment is refused, or null to honour it. An erased account never receives anything;
   * a checkout that was cancelled (the payer opened another, or gave up) is not what they meant
   * to pay for; an expired one is still honoured, the money being in.
   */
  function refusalOf(payment: AccountPaymentRecord, received: PaymentReceived, payerAlive: boolean) {
    if (!payerAlive) return ACCOUNT_DELETED;
    if (payment.status === 'cancelled') return CHECKOUT_CANCELLED;
    if (received.amountCents !== payment.amount_cents) return AMOUNT_MISMATCH;
    return null;
  }

  /** The money of a payment that cannot be honoured goes back; a failure is only logged. */
  async function refund(payment: AccountPaymentRecord, paymentId: string, amountCents: number) {
    try {
      await provider.refund({ id: payment.id, paymentId, amountCents, destinationCharge: false });
    } catch (error) {
      log.error({ err: error, accountPaymentId: payment.id }, 'account payment refund failed');
    }
  }

  /**
   * The one completion entry point: idempotent per payment. A payment that cannot be honoured
   * (the payer's account was deleted, its checkout was cancelled, the amount is wrong) grants
   * nothing and goes back at once: through the provider's refund of `received.paymentId`, or
   * through `options.refund` when that id is not a refundable payment (a Stripe subscription).
   */
  async function complete(
    paymentId: string,
    received: PaymentReceived,
    options: { refund?: (reason: string) => Promise<void> } = {},
  ): Promise<CompletionOutcome> {
    const at = now();
    const result = await repo.withLockedPayment(paymentId, async (tx, payment, payerAlive) => {
      if (!payment) return { outcome: 'unknown' as const, payment, reason: null };
      if (payment.status === 'paid') return { outcome: 'already_paid' as const, payment, reason: null };
      // The same payment refused before (a second report of it): refused again, refunded once.
      if (payment.status === 'failed' && payment.provider_payment_id === received.paymentId) {
        return { outcome: 'refund' as const, payment, reason: payment.status_reason ?? AMOUNT_MISMATCH };
      }
      const reason = refusalOf(payment, received, payerAlive);
      if (reason) {
        await repo.markFailed(tx, payment.id, reason, received.paymentId);
        if (payment.status === 'pending') await handlerOf(payment.kind).closed?.(tx, payment);
        return { outcome: 'refund' as const, payment, reason };
      }
      // A payment that arrives after its checkout expired is still honoured: the money is in.
      await repo.markPaid(tx, payment.id, received.paymentId, at);
      await handlerOf(payment.kind).paid(tx, payment, received, at);
      return { outcome: 'paid' as const, payment };
    });
    if (result.outcome === 'unknown') {
      log.error(
        { accountPaymentId: paymentId, paymentId: received.paymentId },
        'payment for an unknown account payment',
      );
    } else if (result.outcome === 'refund') {
      log.warn({ accountPaymentId: paymentId, reason: result.reason }, 'account payment refunded');
      if (options.refund) {
        await options.refund(result.reason!).catch((error: unknown) => {
          log.error({ err: error, accountPaymentId: paymentId }, 'account payment refund failed');
        });
      } else {
        await refund(result.payment!, received.paymentId, received.amountCents);
      }
    } else if (result.outcome === 'paid') {
      log.info({ accountPaymentId: paymentId, kind: result.payment!.kind }, 'account payment completed');
      await handlerOf(result.payment!.kind).afterPaid?.(result.payment!);
    }
    return result.outcome;
  }

  /** Closes a pending payment and lets its kind undo what waited for it (a pending promotion). */
  async function close(
    paymentId: string,
    status: 'expired' | 'cancelled' | 'failed',
    reason: string,
  ): Promise<boolean> {
    return repo.withLockedPayment(paymentId, async (tx, payment) => {
      if (!payment || payment.status !== 'pending') return false;
      await repo.closeLocked(tx, payment.id, status, reason);
      await handlerOf(payment.kind).closed?.(tx, payment);
      return true;
    });
  }

  async function settle(payment: AccountPaymentRecord, charge: SavedCharge | null) {
    if (!charge) {
      await close(payment.id, 'failed', PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
      throw notFound(PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
    }
    if (charge.status === 'failed') {
      await close(payment.id, 'failed', charge.message);
      throw paymentRequired(charge.message || CHARGE_FAILED);
    }
    const outcome = await complete(payment.id, charge);
    if (outcome === 'refund') throw conflict(AMOUNT_MISMATCH);
  }

  return {
    /** Registers what a kind does when paid (credits granted, promotion started, subscription on). */
    handle(kind: AccountPaymentKind, handler: AccountPaymentHandler): void {
      handlers.set(kind, handler);
    },
    complete,
    close,
    /** Settles a payment charged on a saved method at once: paid, or closed with the refusal. */
    settle,
  };
}

export type AccountPaymentCompletion = ReturnType<typeof createAccountPaymentCompletion>;
