import type { PaymentMethod } from '@beatroom/shared/money-contract';
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';

/**
 * The Stripe SDK, pointed at STRIPE_API_BASE when set (tests run it against a local fake of
 * Stripe's HTTP API; production leaves it unset).
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** A saved Stripe PaymentMethod as ours; null for a type Beatroom does not offer. */
export function toMethod(pm: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod | null {
  const base = { id: pm.id, is_default: pm.id === defaultId };
  if (pm.type === 'card' && pm.card) {
    const wallet = pm.card.wallet?.type;
    return {
      ...base,
      payment_type: wallet === 'apple_pay' ? 'apple_pay' : wallet === 'google_pay' ? 'google_pay' : 'card',
      card_brand: pm.card.brand,
      card_last_four: pm.card.last4,
      card_exp_month: pm.card.exp_month,
      card_exp_year: pm.card.exp_year,
      paypal_email: null,
    };
  }
  if (pm.type === 'paypal') {
    return {
      ...base,
      payment_type: 'paypal',
      card_brand: null,
      card_last_four: null,
      card_exp_month: null,
      card_exp_year: null,
      paypal_email: pm.paypal?.payer_email ?? null,
    };
  }
  return null;
}
