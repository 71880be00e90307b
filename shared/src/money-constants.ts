// The money constants (licences, currency, credit packs, promotions), kept in one place for
// the server and the apps (docs/domain.md#money-and-the-ledgers). Prices are USD cents throughout.

/** In order of what they grant: each licence includes the files of the ones before it. */
export const LICENSE_IDS = ['basic', 'premium', 'trackout', 'exclusive'] as const;
export type LicenseId = (typeof LICENSE_IDS)[number];

/**
 * By default a licence costs `multiple` times the beat's base price_cents; the producer may set
 * another price per licence or switch it off (license-offers-contract.ts).
 */
export const LICENSES = [
  {
    id: 'basic',
    name: 'Basic',
    multiple: 1,
    popular: false,
    features: ['MP3 320kbps', 'Non-commercial use', 'Social media posting', 'Producer tag included'],
  },
  {
    id: 'premium',
    name: 'Premium',
    multiple: 2,
    popular: true,
    features: [
      'WAV and MP3 files',
      'Commercial use',
      'Radio and streaming',
      'Producer tag removed',
      'Up to 100K streams',
    ],
  },
  {
    id: 'trackout',
    name: 'Trackout',
    multiple: 5,
    popular: false,
    features: [
      'Stems (ZIP of WAV tracks)',
      'WAV and MP3 files',
      'Commercial use',
      'Mix and master it yourself',
      'Producer tag removed',
    ],
  },
  {
    id: 'exclusive',
    name: 'Exclusive',
    multiple: 10,
    popular: false,
    features: [
      'Full ownership',
      'All file formats',
      'Beat removed from store',
      'Unlimited commercial use',
      'Credit optional',
    ],
  },
] as const satisfies readonly {
  id: LicenseId;
  name: string;
  multiple: number;
  popular: boolean;
  features: readonly string[];
}[];

/** The purchase summary shows a processing fee of 0. */
export const PROCESSING_FEE_CENTS = 0;

/** Prices are stored in USD cents; USD or EUR is only how they are shown and entered. */
export const CURRENCIES = ['USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
export const CURRENCY_SYMBOLS = { USD: '$', EUR: '€' } as const satisfies Record<Currency, string>;

/**
 * RATES[from][to]. The two fixed rates are not each other's inverse (0.85 × 1.18 = 1.003), so
 * converting there and back may drift by a cent or so; that is intended, not a bug.
 */
export const RATES = {
  USD: { USD: 1, EUR: 0.85 },
  EUR: { EUR: 1, USD: 1.18 },
} as const satisfies Record<Currency, Record<Currency, number>>;

/** The six packs of the Buy Credits dialog; price in USD cents. Credits never expire. */
export const CREDIT_PACKS = [
  { credits: 100, price_cents: 100, bonus: 0, bestValue: false },
  { credits: 500, price_cents: 450, bonus: 50, bestValue: false },
  { credits: 1000, price_cents: 850, bonus: 150, bestValue: true },
  { credits: 2500, price_cents: 2000, bonus: 500, bestValue: false },
  { credits: 5000, price_cents: 3750, bonus: 1250, bestValue: false },
  { credits: 10000, price_cents: 7000, bonus: 3000, bestValue: false },
] as const;

/** Per-pack blurbs: one homepage boost per 100 credits, one weekly feature per 200. */
export const CREDITS_PER_BOOST = 100;
export const CREDITS_PER_WEEKLY_FEATURE = 200;

export const PROMOTION_TYPES = ['featured_week', 'featured_month', 'homepage_boost'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/**
 * Promotion options: cost in credits or in USD cents. The option ids are ours (they
 * match the beat's promotion_type) nor which option carries the popular flag (we mark the week).
 */
export const PROMOTION_OPTIONS = [
  {
    id: 'featured_week',
    name: 'Featured 1 Week',
    description: 'Your beat in the featured sections for a week',
    durationDays: 7,
    credits: 200,
    price_cents: 199,
    popular: true,
    benefits: ['FEATURED badge', 'Shown in featured sections', '7 days'],
  },
  {
    id: 'featured_month',
    name: 'Featured 1 Month',
    description: 'Your beat in the featured sections for a month',
    durationDays: 30,
    credits: 600,
    price_cents: 599,
    popular: false,
    benefits: ['FEATURED badge', 'Shown in featured sections', '30 days'],
  },
  {
    id: 'homepage_boost',
    name: 'Homepage Boost',
    description: 'Your beat boosted on the home page',
    durationDays: 3,
    credits: 100,
    price_cents: 99,
    popular: false,
    benefits: ['Boosted on the home page', '3 days'],
  },
] as const satisfies readonly {
  id: PromotionType;
  name: string;
  description: string;
  durationDays: number;
  credits: number;
  price_cents: number;
  popular: boolean;
  benefits: readonly string[];
}[];

export const PROMOTION_PAYMENT_METHODS = ['credits', 'card'] as const;
export type PromotionPaymentMethod = (typeof PROMOTION_PAYMENT_METHODS)[number];
export const DEFAULT_PROMOTION_PAYMENT_METHOD: PromotionPaymentMethod = 'credits';

/** How many transactions GET /api/user/credits returns by default, and at most. */
export const CREDIT_TRANSACTIONS_DEFAULT_LIMIT = 10;
export const CREDIT_TRANSACTIONS_MAX_LIMIT = 100;
