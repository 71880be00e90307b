import { CHECKOUT_EXPIRY_MS } from '@beatroom/shared/licensing';
import {
  PURCHASE_ERRORS,
  type PaymentType,
  type PurchasePaymentMethod,
} from '@beatroom/shared/money-contract';
import type { AccountCheckoutResponse } from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../../db/transaction';
import { badRequest, notFound } from '../../../http/http-errors';
import type {
  AccountPaymentKind,
  CheckoutProvider,
  CheckoutRequest,
  RecurringCharge,
} from '../payments/checkout-provider';
import type { LocalProvider } from '../payments/local-provider';
import { createAccountLocalCheckout } from './account-local-checkout';
import { createAccountPaymentCompletion, type PaymentsLog } from './account-payment-completion';
import type {
  AccountPaymentRecord,
  AccountPaymentsRepository,
  NewInvoice,
} from './account-payments.repository';

/** What a kind does when paid; subscriptions and credit packs register one. */
export type { AccountPaymentHandler } from './account-payment-completion';

/** Why an older open checkout was cancelled when the payer opened another of the same kind. */
export const CHECKOUT_REPLACED = 'Replaced by a newer checkout';

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

/** `app.accountCheckout.start`: what is paid for, by whom, and how. */
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
  /**
   * At most one open checkout of this kind per payer: the payer's older pending ones are
   * cancelled (here and at the provider), and a payment that still reaches one is refunded.
   */
  replaceOpen?: boolean;
}

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
  log: PaymentsLog;
  now?: () => Date;
}) {
  const { repo, provider, local, publicUrl, log } = deps;
  const now = deps.now ?? (() => new Date());
  const completion = createAccountPaymentCompletion({ repo, provider, log, now });
  const { complete, close, settle } = completion;

  /**
   * Cancels the payer's pending payments of the same kind opened before `newest`. Ordered by
   * creation, so of two opened at once the older is cancelled by the newer and never the other
   * way round: exactly one stays open.
   */
  async function cancelOlder(newest: AccountPaymentRecord): Promise<void> {
    for (const older of await repo.pendingBefore(newest)) {
      if (!(await close(older.id, 'cancelled', CHECKOUT_REPLACED))) continue;
      if (!older.provider_session_id) continue;
      await provider.cancelCheckout(older.provider_session_id).catch((error: unknown) => {
        log.warn({ err: error, accountPaymentId: older.id }, 'could not close the replaced checkout');
      });
    }
  }

  return {
    /** Registers what a kind does when paid (credits granted, promotion started, subscription on). */
    handle: completion.handle,

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
      // Saving is offered for a new card or PayPal only.
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
      if (c.replaceOpen) await cancelOlder(payment);
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
        if (payment.provider_session_id) {
          await provider.cancelCheckout(payment.provider_session_id).catch((error: unknown) => {
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
    local: local ? createAccountLocalCheckout({ repo, local, completion, now }) : null,
  };
}

export type AccountPaymentsService = ReturnType<typeof createAccountPaymentsService>;
