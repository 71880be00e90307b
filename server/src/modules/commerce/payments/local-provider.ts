import type { PaymentMethod, PaymentType } from '@beatroom/shared/money-contract';
import type { CheckoutProvider } from './checkout-provider';
import type { PaymentsRepository } from './payments.repository';

/** A payment id for a local test payment, one per order so paying twice is one payment. */
export const localPaymentId = (orderId: string) => `local_pay_${orderId}`;

/** The card every local test payment "uses"; no real card is ever asked for. */
const TEST_CARD = { card_brand: 'visa', card_last_four: '4242', card_exp_month: 12 } as const;

export interface LocalProvider extends CheckoutProvider {
  readonly name: 'local';
  /** Keeps a test method after a local checkout with "save payment method" ticked. */
  saveTestMethod(
    user: { id: string; email: string },
    paymentType: PaymentType,
    at: Date,
  ): Promise<PaymentMethod>;
}

/**
 * The checkout used when Stripe is not configured (development, tests, demos): checkout_url is
 * Beatroom's own page (/checkout/local/{orderId}) whose Pay button calls the same fulfilment
 * as Stripe's webhook. No money moves; saved methods are test cards stored in payment_methods.
 */
export function createLocalProvider(deps: { repo: PaymentsRepository; publicUrl: string }): LocalProvider {
  const { repo, publicUrl } = deps;
  return {
    name: 'local',
    walletsAvailable: false,

    async startCheckout(request) {
      const page = request.account ? 'checkout/local/account' : 'checkout/local';
      return { url: `${publicUrl}/${page}/${request.orderId}`, sessionId: null };
    },

    async chargeSaved(request, methodId) {
      const method = await repo.localMethod(request.buyer.id, methodId);
      if (!method) return null;
      return { status: 'paid', paymentId: localPaymentId(request.orderId), amountCents: request.amountCents };
    },

    async chargeWallet() {
      return { status: 'failed', message: 'Wallet payments need Stripe' };
    },

    // No money moved, so none goes back: the id names the refund the caller records.
    async refund(order) {
      return {
        refundId: order.idempotencyKey ? `local_${order.idempotencyKey}` : `local_refund_${order.id}`,
      };
    },

    async cancelCheckout() {},

    listMethods: (userId) => repo.localMethods(userId),
    deleteMethod: (userId, methodId) => repo.deleteLocalMethod(userId, methodId),

    saveTestMethod(user, paymentType, at) {
      const paypal = paymentType === 'paypal';
      return repo.saveLocalMethod(user.id, {
        payment_type: paypal ? 'paypal' : 'card',
        card_brand: paypal ? null : TEST_CARD.card_brand,
        card_last_four: paypal ? null : TEST_CARD.card_last_four,
        card_exp_month: paypal ? null : TEST_CARD.card_exp_month,
        card_exp_year: paypal ? null : at.getUTCFullYear() + 3,
        paypal_email: paypal ? user.email : null,
      });
    },
  };
}
