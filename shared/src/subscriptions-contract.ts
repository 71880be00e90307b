// HTTP contract of producer tiers, subscriptions and paying for account things: the tier list, the
// caller's subscription, subscribe and cancel, and the answer every account payment (credits pack,
// promotion by card, subscription) gives. The server validates with these schemas and the web app
// imports the same ones. Money is integer USD cents; dates are ISO 8601 strings.
import { z } from 'zod';
import { PAYMENT_TYPES, PURCHASE_PAYMENT_METHODS } from './money-contract';

const Cents = z.number().int();

// ---------------------------------------------------------------------------------------------
// Producer tiers
// ---------------------------------------------------------------------------------------------

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** The hidden tier everyone without an active subscription is on. */
export const FREE_TIER_NAME = 'Free';

/** GET /api/producer-tiers: one tier with every field it is stored with. */
export const ProducerTier = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: Cents,
  billing_period: z.enum(BILLING_PERIODS),
  /** null means unlimited. */
  max_beats: z.number().int().nullable(),
  /** Credits granted once per paid period. */
  included_credits: z.number().int(),
  /** Taken off every promotion price, credits and cash, rounded. */
  promotion_discount_percent: z.number().int(),
  featured_slots_per_month: z.number().int(),
  /** How far up the home page's default sort a boosted beat of this tier moves. */
  homepage_priority_boost: z.number().int(),
  /** The badge shown on the producer's profile, e.g. "PRO"; null when the tier has none. */
  custom_profile_badge: z.string().nullable(),
  /** Unlocks the earnings-by-day and listener charts. */
  analytics_access: z.boolean(),
  priority_support: z.boolean(),
});
export type ProducerTier = z.infer<typeof ProducerTier>;

/**
 * GET /api/producer-tiers (public): cheapest first, the Free tier included (the upgrade dialog
 * hides a tier named Free).
 */
export const ProducerTierListResponse = z.array(ProducerTier);

// ---------------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------------

/**
 * active: paid for the current period. past_due: a renewal failed; the tier's powers stay until
 * the provider gives up (then ended). ended: over (cancelled at period end, or failed).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The caller's subscription: the tier's fields as of now, plus the period and state. */
export const Subscription = z.object({
  id: z.string(),
  tier_id: z.string(),
  /** The subscription's display name: the tier's name, e.g. "Pro". */
  name: z.string(),
  tier_name: z.string(),
  description: z.string(),
  price_cents: Cents,
  billing_period: z.enum(BILLING_PERIODS),
  current_period_start: z.string(),
  current_period_end: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** True once cancelled: the tier's powers last to current_period_end, then it ends. */
  cancel_at_period_end: z.boolean(),
  included_credits: z.number().int(),
  promotion_discount_percent: z.number().int(),
  featured_slots_per_month: z.number().int(),
  custom_profile_badge: z.string().nullable(),
  analytics_access: z.boolean(),
  priority_support: z.boolean(),
  /**
   * A tier change waiting for the period's end (the local provider; Stripe prorates at once):
   * the tier that takes over at current_period_end, else null.
   */
  scheduled_tier_id: z.string().nullable(),
  scheduled_tier_name: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/** GET /api/user/subscription: null when the caller has no live subscription. */
export const SubscriptionResponse = z.object({ subscription: Subscription.nullable() });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

// ---------------------------------------------------------------------------------------------
// Paying for account things (credits packs, promotions by card, subscriptions)
// ---------------------------------------------------------------------------------------------

/**
 * How an account payment is paid, shared by subscribe and the credits purchase:
 * new_card is the default; saved needs saved_payment_method_id.
 */
export const AccountPaymentFields = z.object({
  save_payment_method: z.boolean().default(false),
  payment_method: z.enum(PURCHASE_PAYMENT_METHODS).default('new_card'),
  saved_payment_method_id: z.string().min(1).max(255).nullish(),
});

/** POST /api/user/subscribe. */
export const SubscribeBody = AccountPaymentFields.extend({ tier_id: z.string().min(1).max(255) }).refine(
  (b) => b.payment_method !== 'saved' || !!b.saved_payment_method_id,
  {
    message: 'saved_payment_method_id is required to pay with a saved method',
    path: ['saved_payment_method_id'],
  },
);
export type SubscribeBody = z.input<typeof SubscribeBody>;

/**
 * The answer of every account payment (credits purchase, promotion by card): either the browser
 * goes to the provider's page (checkout_url), or a saved method was charged at once and the
 * thing is already paid for (credits granted, promotion running).
 */
export const AccountCheckoutResponse = z.union([
  z.object({ checkout_url: z.string() }),
  z.object({ paid: z.literal(true) }),
]);
export type AccountCheckoutResponse = z.infer<typeof AccountCheckoutResponse>;

/**
 * POST /api/user/subscribe: a new subscription answers like any account payment; a change of
 * tier needs no checkout (Stripe prorates on the saved subscription; locally the new tier starts
 * at the period's end) and answers `{ paid: true, subscription }` with the state after it.
 */
export const SubscribeResponse = z.union([
  z.object({ checkout_url: z.string() }),
  z.object({ paid: z.literal(true), subscription: Subscription.nullable().optional() }),
]);
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

export const SUBSCRIPTION_ERRORS = {
  TIER_NOT_FOUND: 'Tier not found',
  FREE_TIER: 'The Free tier needs no subscription',
  ALREADY_SUBSCRIBED: 'You are already subscribed to this tier',
  NOT_CANCELLABLE: 'Only an active subscription that is not already cancelling can be cancelled',
  NO_SUBSCRIPTION: 'You have no subscription',
} as const;

// ---------------------------------------------------------------------------------------------
// The local test checkout of an account payment (/checkout/local/account/{paymentId})
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_PAYMENT_KINDS = ['credits', 'promotion', 'subscription'] as const;
export type AccountPaymentKind = (typeof ACCOUNT_PAYMENT_KINDS)[number];

export const ACCOUNT_PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'failed'] as const;
export type AccountPaymentStatus = (typeof ACCOUNT_PAYMENT_STATUSES)[number];

/**
 * An account payment as its payer sees it on the local checkout page
 * (GET /api/checkout/local/account/{paymentId}, and the answers of …/pay and …/cancel).
 */
export const AccountPayment = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_PAYMENT_KINDS),
  /** What is paid for, e.g. "1,000 credits (+150 bonus)" or "Pro (monthly)". */
  description: z.string(),
  amount_cents: Cents,
  currency: z.literal('USD'),
  status: z.enum(ACCOUNT_PAYMENT_STATUSES),
  provider: z.enum(['local', 'stripe']),
  payment_method_type: z.enum(PAYMENT_TYPES),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** Where the page sends the payer when done (e.g. /settings?section=credits). */
  return_path: z.string(),
});
export type AccountPayment = z.infer<typeof AccountPayment>;
