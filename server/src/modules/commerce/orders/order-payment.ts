import {
  PURCHASE_ERRORS,
  type PaymentType,
  type PurchasePaymentMethod,
  type PurchaseResponse,
} from '@beatroom/shared/money-contract';
import { badRequest, conflict, notFound, paymentRequired } from '../../../http/http-errors';
import type { CheckoutProvider, CheckoutRequest, SavedCharge } from '../payments/checkout-provider';
import type { UserRecord } from '../../platform/users/user-record';
import type { FulfilmentService } from './fulfilment.service';
import type { OrdersRepository } from './orders.repository';

export const WALLET_UNAVAILABLE = {
  apple_pay: 'Apple Pay is not available',
  google_pay: 'Google Pay is not available',
} as const;
export const CHARGE_FAILED = 'The payment failed. Please try again.';

/** How an order will be paid: the method's type, whether to keep it, and a saved method's id. */
export interface PaymentChoice {
  paymentType: PaymentType;
  save: boolean;
  savedMethodId: string | null;
}

/**
 * Taking the money for an order once it exists, the same for a single purchase and a cart:
 * the buyer's choice of method checked before any order is made, then either the provider's
 * checkout page or an immediate charge of a saved method that is fulfilled at once.
 */
export function createOrderPayment(deps: {
  repo: Pick<OrdersRepository, 'close' | 'setSession'>;
  provider: CheckoutProvider;
  fulfilment: FulfilmentService;
}) {
  const { repo, provider, fulfilment } = deps;

  /** Turns an immediate charge into the purchase answer; the order is fulfilled here. */
  async function settle(orderId: string, charge: SavedCharge | null): Promise<PurchaseResponse> {
    if (!charge) {
      await repo.close(orderId, 'failed', PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
      throw notFound(PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
    }
    if (charge.status === 'failed') {
      await repo.close(orderId, 'failed', charge.message);
      throw paymentRequired(charge.message || CHARGE_FAILED);
    }
    const result = await fulfilment.fulfil(orderId, {
      paymentId: charge.paymentId,
      amountCents: charge.amountCents,
    });
    if (result.outcome === 'refund') throw conflict(result.reason);
    return { order_id: orderId, status: 'paid' };
  }

  return {
    settle,

    /** Checks the buyer's method before anything is reserved (a saved one must be theirs). */
    async choose(
      user: UserRecord,
      body: {
        payment_method?: PurchasePaymentMethod;
        save_payment_method?: boolean;
        saved_payment_method_id?: string | null;
      },
    ): Promise<PaymentChoice> {
      const method = body.payment_method ?? 'new_card';
      if ((method === 'apple_pay' || method === 'google_pay') && !provider.walletsAvailable) {
        throw badRequest(WALLET_UNAVAILABLE[method]);
      }
      if (method === 'saved') {
        const saved = (await provider.listMethods(user.id)).find(
          (m) => m.id === body.saved_payment_method_id,
        );
        if (!saved) throw notFound(PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
        return { paymentType: saved.payment_type, save: false, savedMethodId: saved.id };
      }
      // Saving is offered for a new card or PayPal only.
      const save = !!body.save_payment_method && (method === 'new_card' || method === 'paypal');
      return { paymentType: method === 'new_card' ? 'card' : method, save, savedMethodId: null };
    },

    /** Charges the saved method now, or opens the provider's checkout for the order. */
    async start(orderId: string, request: CheckoutRequest, choice: PaymentChoice): Promise<PurchaseResponse> {
      if (choice.savedMethodId)
        return settle(orderId, await provider.chargeSaved(request, choice.savedMethodId));
      try {
        const checkout = await provider.startCheckout(request);
        if (checkout.sessionId) await repo.setSession(orderId, checkout.sessionId);
        return { order_id: orderId, checkout_url: checkout.url };
      } catch (error) {
        // No checkout, no reservation: the exclusive must not stay held by an order nobody can pay.
        await repo.close(orderId, 'failed', 'The checkout could not be opened');
        throw error;
      }
    },
  };
}

export type OrderPayment = ReturnType<typeof createOrderPayment>;
