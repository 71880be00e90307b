import { describe, expect, it } from 'vitest';
import {
  convertCents,
  creditPackBonusPercent,
  creditPackUses,
  currencySymbol,
  formatAmount,
  formatCreditChange,
  formatCredits,
  formatPrice,
  formatPriceIn,
  licencePriceCents,
  monthlyPriceCents,
  priceInputToUsdCents,
  promotionPrice,
  usdCentsToPriceInput,
} from './format-money';
import { LIMITS } from './limits';
import { CREDIT_PACKS, PROMOTION_OPTIONS } from './money-constants';
import type { Currency, LicenseId } from './money-constants';

describe('currencySymbol', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '$'],
    [null, '$'],
    [undefined, '$'],
  ])('%s → %s (invoices: € for EUR, otherwise $)', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
});

describe('convertCents', () => {
  it.each<[number, Currency, Currency, number]>([
    [2999, 'USD', 'USD', 2999],
    [2999, 'EUR', 'EUR', 2999],
    [1000, 'USD', 'EUR', 850],
    [1000, 'EUR', 'USD', 1180],
    [2999, 'USD', 'EUR', 2549], // 2549.15
    [50, 'USD', 'EUR', 43], // 42.5 rounds half up despite float noise
    [150, 'USD', 'EUR', 128], // 127.5
    [10, 'EUR', 'USD', 12], // 11.8
    [10000, 'EUR', 'USD', 11800],
    [0, 'USD', 'EUR', 0],
  ])('%i %s → %s = %i', (cents, from, to, expected) => {
    expect(convertCents(cents, from, to)).toBe(expected);
  });

  it('drifts on a round trip because the two rates are not inverses', () => {
    expect(convertCents(convertCents(1000, 'USD', 'EUR'), 'EUR', 'USD')).toBe(1003);
  });
});

describe('formatPrice', () => {
  it.each<[number | null | undefined, Currency | undefined, string]>([
    [2999, undefined, '$29.99'],
    [2999, 'USD', '$29.99'],
    [2999, 'EUR', '€29.99'],
    [99, 'USD', '$0.99'],
    [1, 'USD', '$0.01'],
    [10000, 'USD', '$100.00'],
    [500, 'EUR', '€5.00'],
    [0, 'USD', 'Free'],
    [0, 'EUR', 'Free'],
    [null, 'USD', 'Free'],
    [undefined, 'USD', 'Free'],
    [Number.NaN, 'USD', 'Free'],
    [-250, 'USD', '-$2.50'],
  ])('%s cents in %s → %s', (cents, currency, expected) => {
    expect(formatPrice(cents, currency)).toBe(expected);
  });
});

describe('formatAmount (fees, taxes, invoice totals, earnings)', () => {
  it.each<[number | null | undefined, string | null | undefined, string]>([
    [2999, 'USD', '$29.99'],
    [2999, 'EUR', '€29.99'],
    [0, 'USD', '$0.00'],
    [0, 'EUR', '€0.00'],
    [5, undefined, '$0.05'],
    [1250, 'GBP', '$12.50'],
    [null, 'USD', '$0.00'],
    [undefined, 'EUR', '€0.00'],
    [Number.NaN, 'USD', '$0.00'],
    [-250, 'EUR', '-€2.50'],
  ])('%s cents in %s → %s', (cents, currency, expected) => {
    expect(formatAmount(cents, currency)).toBe(expected);
  });
});

describe('formatPriceIn', () => {
  it.each<[number | null | undefined, Currency, string]>([
    [2999, 'USD', '$29.99'],
    [2999, 'EUR', '€25.49'],
    [1000, 'EUR', '€8.50'],
    [99, 'EUR', '€0.84'], // 84.15
    [0, 'EUR', 'Free'],
    [null, 'EUR', 'Free'],
    [undefined, 'USD', 'Free'],
    [Number.NaN, 'EUR', 'Free'],
  ])('%s USD cents shown in %s → %s', (usdCents, currency, expected) => {
    expect(formatPriceIn(usdCents, currency)).toBe(expected);
  });
});

describe('priceInputToUsdCents', () => {
  it.each<[string | number | null | undefined, Currency, number]>([
    ['29.99', 'USD', 2999],
    [29.99, 'USD', 2999],
    ['0.29', 'USD', 29], // 0.29 × 100 is 28.999… in binary
    ['1.005', 'USD', 101], // off-step input still rounds half up
    ['100', 'USD', 10_000],
    ['100.00', 'USD', LIMITS.PRICE_MAX_CENTS],
    ['150', 'USD', 10_000], // clamped to the maximum
    ['-5', 'USD', 0], // clamped to zero
    ['10', 'EUR', 1180],
    ['10,50', 'EUR', 1239], // 1050 × 1.18 = 1239
    ['100', 'EUR', 11800],
    ['0', 'EUR', 0],
    ['', 'USD', 0], // invalid counts as zero
    ['   ', 'USD', 0],
    ['abc', 'USD', 0],
    ['12abc', 'USD', 0],
    ['Infinity', 'USD', 0],
    [Number.NaN, 'EUR', 0],
    [null, 'USD', 0],
    [undefined, 'USD', 0],
    [' 5 ', 'USD', 500],
  ])('%j entered in %s → %i USD cents', (input, currency, expected) => {
    expect(priceInputToUsdCents(input, currency)).toBe(expected);
  });
});

describe('usdCentsToPriceInput', () => {
  it.each<[number | null | undefined, Currency, string]>([
    [2999, 'USD', '29.99'],
    [10_000, 'USD', '100.00'],
    [1180, 'EUR', '10.03'], // rates are not inverses
    [1000, 'EUR', '8.50'],
    [0, 'USD', '0.00'],
    [null, 'EUR', '0.00'],
    [undefined, 'USD', '0.00'],
    [Number.NaN, 'USD', '0.00'],
  ])('%s USD cents for a %s form → %s', (cents, currency, expected) => {
    expect(usdCentsToPriceInput(cents, currency)).toBe(expected);
  });

  it.each([0, 1, 99, 2999, 10_000])('round-trips %i USD cents through a USD form', (cents) => {
    expect(priceInputToUsdCents(usdCentsToPriceInput(cents, 'USD'), 'USD')).toBe(cents);
  });
});

describe('licencePriceCents', () => {
  it.each<[number, LicenseId, number]>([
    [2999, 'basic', 2999],
    [2999, 'premium', 5998],
    [2999, 'exclusive', 29_990],
    [0, 'exclusive', 0],
    [99, 'premium', 198],
  ])('%i base, %s → %i', (base, licence, expected) => {
    expect(licencePriceCents(base, licence)).toBe(expected);
  });
});

describe('creditPackBonusPercent', () => {
  it.each([
    [100, 0, 0],
    [500, 50, 10],
    [1000, 150, 15],
    [2500, 500, 20],
    [5000, 1250, 25],
    [10000, 3000, 30],
    [0, 10, 0],
    [300, 100, 33],
  ])('%i credits with %i bonus → %i%', (credits, bonus, expected) => {
    expect(creditPackBonusPercent({ credits, bonus })).toBe(expected);
  });

  it('gives a badge for every credit pack', () => {
    expect(CREDIT_PACKS.map(creditPackBonusPercent)).toEqual([0, 10, 15, 20, 25, 30]);
  });
});

describe('creditPackUses', () => {
  it.each([
    [100, 1, 0],
    [500, 5, 2],
    [1000, 10, 5],
    [2500, 25, 12],
    [10000, 100, 50],
  ])('%i credits → %i boosts, %i weekly features', (credits, boosts, weeklyFeatures) => {
    expect(creditPackUses({ credits })).toEqual({ boosts, weeklyFeatures });
  });
});

describe('promotionPrice', () => {
  const [week, month, boost] = PROMOTION_OPTIONS;

  it.each([
    ['featured week', week, 0, 200, 199],
    ['featured week', week, 20, 160, 159], // 159.2
    ['featured week', week, 25, 150, 149], // 149.25
    ['featured month', month, 10, 540, 539], // 539.1
    ['featured month', month, 50, 300, 300], // 299.5 rounds up
    ['homepage boost', boost, 15, 85, 84], // 84.15
    ['homepage boost', boost, 100, 0, 0],
    ['homepage boost', boost, 150, 0, 0], // clamped
    ['homepage boost', boost, -10, 100, 99], // clamped
    ['homepage boost', boost, null, 100, 99],
    ['homepage boost', boost, undefined, 100, 99],
    ['homepage boost', boost, Number.NaN, 100, 99],
  ] as const)('%s with %s% off → %i credits, %i cents', (_name, option, discount, credits, cents) => {
    expect(promotionPrice(option, discount)).toEqual({ credits, price_cents: cents });
  });
});

describe('formatCredits and formatCreditChange', () => {
  it.each([
    [0, '0', '0'],
    [100, '100', '+100'],
    [1150, '1,150', '+1,150'],
    [13000, '13,000', '+13,000'],
    [-200, '-200', '-200'],
    [-1000, '-1,000', '-1,000'],
  ])('%i → %s, change %s', (amount, full, change) => {
    expect(formatCredits(amount)).toBe(full);
    expect(formatCreditChange(amount)).toBe(change);
  });

  it('counts missing or NaN as 0', () => {
    expect(formatCredits(null)).toBe('0');
    expect(formatCredits(undefined)).toBe('0');
    expect(formatCredits(Number.NaN)).toBe('0');
  });
});

describe('monthlyPriceCents', () => {
  it.each([
    [1999, 'monthly', 1999],
    [19990, 'yearly', 1666], // 1665.83
    [11988, 'yearly', 999],
    [6, 'yearly', 1], // 0.5 rounds up
    [0, 'yearly', 0],
  ] as const)('%i cents %s → %i a month', (price_cents, billing_period, expected) => {
    expect(monthlyPriceCents({ price_cents, billing_period })).toBe(expected);
  });
});
