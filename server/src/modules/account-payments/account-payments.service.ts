import { CHECKOUT_EXPIRY_MS } from '@beatroom/shared/licensing';
import {
  PURCHASE_ERRORS,
  type PaymentType,
  type PurchasePaymentMethod,
} from '@beatroom/shared/money-contract';
import type { AccountCheckoutResponse } from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../db/transaction';
import { badRequest, conflict, notFound, paymentRequired } from '../../http/http-errors';
import type {
  AccountPaymentKind,
  CheckoutProvider,
  CheckoutRequest,
  PaymentReceived,
  RecurringCharge,
  SavedCharge,
} from '../payments/checkout-provider';
import { localPaymentId, type LocalProvider } from '../payments/local-provider';
import type { UserRecord } from '../users/user-record';
import type {
  AccountPaymentRecord,
  AccountPaymentsRepository,
  NewInvoice,
} from './account-payments.repository';

export const ACCOUNT_PAYMENT_NOT_FOUND = 'Payment not found';
export const ACCOUNT_CHECKOUT_CLOSED = {
  expired: 'This checkout has expired',
  cancelled: 'This payment was cancelled',
  failed: 'This payment failed',
} as const;
export const AMOUNT_MISMATCH = 'The payment did not match the amount due';
export const CHARGE_FAILED = 'The payment failed. Please try again.';
const WALLET_UNAVAILABLE = {
  apple_pay: 'Apple Pay is not available',
  google_pay: 'Google Pay is not available',
} as const;

/** Where the payer lands after paying or giving up, per kind, unless the caller says. */
const RETURN_PATHS: Record<AccountPaymentKind, string> = {
  credits: '/settings?section=credits',
  promotion: '/',
  subscription: '/settings?section=subscription',
};

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** `app.accountCheckout.start`: what is paid for, by whom, and how (money.md §7). */
export interface AccountCheckoutStart {
  kind: AccountPaymentKind;
  /** credits: the pack's size; promotion: the promotion's id; subscription: the subscription's id. */
  refId: string;
  buyer: { id: string; email: string; name: string | null };
  description: string;
  amountCents: number;
  paymentMethod: PurchasePaymentMethod;
  savePaymentMethod: boolean;
  savedPaymentMethodId?: string | null;
  /** A subscription's first period. */
  recurring?: RecurringCharge;
  /** Where the page sends the payer afterwards; a kind's default otherwise. */
  returnPath?: string;
}

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

/**
 * Paying for account things (credits packs, promotions by card, subscriptions) through the same
 * providers as beat orders: a pending payment, the provider's checkout (or a saved method charged
 * at once), and one completion function that the local checkout page, the Stripe webhook and
 * saved charges all call, idempotent per payment. Each kind registers what happens when paid.
 */
export function createAccountPaymentsService(deps: {
  repo: AccountPaymentsRepository;
  provider: CheckoutProvider;
  local: LocalProvider | null;
  publicUrl: string;
  log: Log;
  now?: () => Date;
}) {
  const { repo, provider, local, publicUrl, log } = deps;
  const now = deps.now ?? (() => new Date());
  const handlers = new Map<AccountPaymentKind, AccountPaymentHandler>();

  function handlerOf(kind: AccountPaymentKind): AccountPaymentHandler {
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No handler for account payments of kind ${kind}`);
    return handler;
  }

  /** The money of a payment that cannot be honoured goes back; a failure is only logged. */
  async function refund(payment: AccountPaymentRecord, paymentId: string, amountCents: number) {
    try {
      await provider.refund({ id: payment.id, paymentId, amountCents, destinationCharge: false });
    } catch (error) {
      log.error({ err: error, accountPaymentId: payment.id }, 'account payment refund failed');
    }
  }

  /** The one completion entry point: idempotent per payment. */
  async function complete(paymentId: string, received: PaymentReceived): Promise<CompletionOutcome> {
    const at = now();
    const result = await repo.withLockedPayment(paymentId, async (tx, payment) => {
      if (!payment) return { outcome: 'unknown' as const, payment };
      if (payment.status === 'paid') return { outcome: 'already_paid' as const, payment };
      if (received.amountCents !== payment.amount_cents) {
        await repo.markFailed(tx, payment.id, AMOUNT_MISMATCH, received.paymentId);
        await handlerOf(payment.kind).closed?.(tx, payment);
        return { outcome: 'refund' as const, payment };
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
      log.warn({ accountPaymentId: paymentId }, AMOUNT_MISMATCH);
      await refund(result.payment!, received.paymentId, received.amountCents);
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
    /** Registers what a kind does when paid (credits granted, promotion started, subscription on). */
    handle(kind: AccountPaymentKind, handler: AccountPaymentHandler): void {
      handlers.set(kind, handler);
    },

    /**
     * Opens a payment: a new card or PayPal answers the provider's checkout_url; a saved method
     * is charged now and the kind's completion has run when this returns.
     */
    async start(c: AccountCheckoutStart): Promise<AccountCheckoutResponse> {
      const method = c.paymentMethod;
      if ((method === 'apple_pay' || method === 'google_pay') && !provider.walletsAvailable) {
        throw badRequest(WALLET_UNAVAILABLE[method]);
      }
      let paymentType: PaymentType = method === 'new_card' || method === 'saved' ? 'card' : method;
      let savedId: string | null = null;
      if (method === 'saved') {
        const saved = (await provider.listMethods(c.buyer.id)).find((m) => m.id === c.savedPaymentMethodId);
        if (!saved) throw notFound(PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
        paymentType = saved.payment_type;
        savedId = saved.id;
      }
      // Saving is offered for a new card or PayPal only (money.md §4).
      const save = c.savePaymentMethod && (method === 'new_card' || method === 'paypal');
      const returnPath = c.returnPath ?? RETURN_PATHS[c.kind];
      const expiresAt = new Date(now().getTime() + CHECKOUT_EXPIRY_MS);
      const payment = await repo.create({
        userId: c.buyer.id,
        kind: c.kind,
        refId: c.refId,
        description: c.description,
        amountCents: c.amountCents,
        provider: provider.name,
        paymentMethodType: paymentType,
        savePaymentMethod: save,
        returnPath,
        expiresAt,
      });
      const back = `${publicUrl}${returnPath}`;
      const request: CheckoutRequest = {
        orderId: payment.id,
        account: { kind: c.kind, ...(c.recurring ? { recurring: c.recurring } : {}) },
        buyer: c.buyer,
        description: c.description,
        amountCents: c.amountCents,
        currency: 'USD',
        paymentType,
        saveMethod: save,
        expiresAt,
        destination: null,
        // The web app refreshes balances and subscriptions when it sees checkout=success.
        successUrl: `${back}${back.includes('?') ? '&' : '?'}checkout=success`,
        cancelUrl: back,
      };
      if (savedId) {
        await settle(payment, await provider.chargeSaved(request, savedId));
        return { paid: true };
      }
      try {
        const checkout = await provider.startCheckout(request);
        if (checkout.sessionId) await repo.setSession(payment.id, checkout.sessionId);
        return { checkout_url: checkout.url };
      } catch (error) {
        await close(payment.id, 'failed', 'The checkout could not be opened');
        throw error;
      }
    },

    complete,

    /** A checkout the provider closed unpaid; a paid payment stays paid (events may arrive late). */
    async checkoutExpired(paymentId: string): Promise<void> {
      await close(paymentId, 'expired', 'Checkout expired');
    },

    /** Closes every pending payment whose checkout time is over, at the provider too. */
    async expireDue(at: Date = now()): Promise<number> {
      let closed = 0;
      for (const payment of await repo.pendingDue(at)) {
        if (!(await close(payment.id, 'expired', 'Checkout expired'))) continue;
        closed += 1;
        if (payment.providerSessionId) {
          await provider.cancelCheckout(payment.providerSessionId).catch((error: unknown) => {
            log.warn(
              { err: error, accountPaymentId: payment.id },
              'could not close the checkout at the provider',
            );
          });
        }
      }
      return closed;
    },

    /** Writes the invoice of a paid account thing once per source key (null when it exists). */
    recordInvoice(tx: Tx, invoice: NewInvoice): Promise<string | null> {
      return repo.insertInvoice(tx, invoice);
    },

    /** The local test checkout page of an account payment: its payer only, else 404. */
    local: local
      ? {
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
        }
      : null,
  };
}

export type AccountPaymentsService = ReturnType<typeof createAccountPaymentsService>;
