import { describe, expect, it } from 'vitest';
import { convertCents } from './format-money';
import {
  beatPriceIn,
  convertedNote,
  formatBeatPrice,
  formatBudgetFor,
  formatCharged,
  formatChargedFor,
  licenceListPrice,
  licencePriceIn,
  listPriceCentsOf,
  listPriceOf,
  priceInputOf,
  upgradePriceCents,
  UPGRADE_MIN_CENTS,
  usdCentsOf,
} from './list-price';

/** A beat listed at €19.99: 2359 USD cents (19.99 × 1.18 = 23.5882). */
const EUR_BEAT = { price_cents: 2359, list_price_cents: 1999, list_currency: 'EUR' as const, is_free: false };

describe('list prices', () => {
  it('the round trip through USD is what went wrong: €19.99 came back as €20.05', () => {
    expect(convertCents(convertCents(1999, 'EUR', 'USD'), 'USD', 'EUR')).toBe(2005);
  });

  it('keeps the typed price in cents of its own currency, clamped and rounded', () => {
    expect(listPriceCentsOf('19.99')).toBe(1999);
    expect(listPriceCentsOf('19,99')).toBe(1999);
    expect(listPriceCentsOf(' 1.005 ')).toBe(101);
    expect(listPriceCentsOf('abc')).toBe(0);
    expect(listPriceCentsOf('')).toBe(0);
    expect(listPriceCentsOf('-3')).toBe(0);
    expect(listPriceCentsOf('250')).toBe(10_000);
    expect(listPriceCentsOf(12.5)).toBe(1250);
  });

  it('the USD figure is the list price converted once', () => {
    expect(usdCentsOf(1999, 'EUR')).toBe(2359);
    expect(usdCentsOf(1999, 'USD')).toBe(1999);
  });

  it('shows the list price exactly in its own currency and converts for the other one', () => {
    expect(beatPriceIn(EUR_BEAT, 'EUR')).toBe(1999);
    expect(beatPriceIn(EUR_BEAT, 'USD')).toBe(2359);
    expect(formatBeatPrice(EUR_BEAT, 'EUR')).toBe('€19.99');
    expect(formatBeatPrice(EUR_BEAT, 'USD')).toBe('$23.59');
    expect(priceInputOf(EUR_BEAT, 'EUR')).toBe('19.99');
    expect(priceInputOf(EUR_BEAT, 'USD')).toBe('23.59');
  });

  it('a beat priced before list prices were kept was listed in USD', () => {
    const old = { price_cents: 2999 };
    expect(listPriceOf(old)).toEqual({ cents: 2999, currency: 'USD' });
    expect(formatBeatPrice(old, 'USD')).toBe('$29.99');
    expect(formatBeatPrice(old, 'EUR')).toBe('€25.49');
    expect(formatBeatPrice({ ...old, list_price_cents: null, list_currency: 'EUR' }, 'EUR')).toBe('€25.49');
  });

  it('Free for a free or unpriced beat', () => {
    expect(formatBeatPrice({ ...EUR_BEAT, is_free: true }, 'EUR')).toBe('Free');
    expect(formatBeatPrice({ price_cents: 0, list_price_cents: 0, list_currency: 'EUR' }, 'EUR')).toBe(
      'Free',
    );
  });

  it('a licence costs its multiple of the list price in the list currency', () => {
    expect(licenceListPrice(EUR_BEAT, 'premium')).toEqual({ cents: 3998, currency: 'EUR' });
    expect(licenceListPrice({ price_cents: 1000 }, 'exclusive')).toEqual({ cents: 10_000, currency: 'USD' });
  });

  it('a licence card shows the exact list price in its currency, the charged USD converted otherwise', () => {
    const premium = {
      price_cents: 4718,
      list_price_cents: 3998,
      list_currency: 'EUR' as const,
      upgrade_from: null,
    };
    expect(licencePriceIn(premium, 'EUR')).toBe(3998);
    expect(licencePriceIn(premium, 'USD')).toBe(4718);
    const upgrade = { ...premium, price_cents: 2359, upgrade_from: 'basic' as const };
    expect(licencePriceIn(upgrade, 'USD')).toBe(2359);
    expect(licencePriceIn(upgrade, 'EUR')).toBe(2005);
  });
});

describe('upgrades', () => {
  it('cost the difference between the licence and what was paid', () => {
    expect(upgradePriceCents(4718, 2359)).toBe(2359);
    expect(upgradePriceCents(23_590, 4718)).toBe(18_872);
  });

  it('never less than the smallest charge, never more than the licence', () => {
    expect(upgradePriceCents(2000, 1990)).toBe(UPGRADE_MIN_CENTS);
    expect(upgradePriceCents(2000, 5000)).toBe(UPGRADE_MIN_CENTS);
    expect(upgradePriceCents(40, 0)).toBe(40);
    expect(upgradePriceCents(2000, 0)).toBe(2000);
  });
});

describe('stored amounts', () => {
  it('name the currency they were charged in', () => {
    expect(formatCharged(2359, 'USD')).toBe('$23.59 USD');
    expect(formatCharged(0, 'EUR')).toBe('€0.00 EUR');
    expect(formatCharged(null, null)).toBe('$0.00 USD');
  });

  it('add the viewer currency only when it differs', () => {
    expect(convertedNote(2359, 'USD', 'USD')).toBeNull();
    expect(convertedNote(2359, 'USD', 'EUR')).toBe('≈ €20.05');
    expect(formatChargedFor(2359, 'USD', 'EUR')).toBe('$23.59 USD (≈ €20.05)');
    expect(formatChargedFor(2359, 'USD', 'USD')).toBe('$23.59 USD');
    expect(formatChargedFor(1000, 'EUR', 'USD')).toBe('€10.00 EUR (≈ $11.80)');
  });

  it('collaboration budgets say USD and convert for EUR viewers', () => {
    expect(formatBudgetFor(50, 100, 'USD')).toBe('Budget: $50 - $100 USD');
    expect(formatBudgetFor(50, 100, 'EUR')).toBe('Budget: $50 - $100 USD (≈ €43 - €85)');
    expect(formatBudgetFor(50, null, 'EUR')).toBe('Budget: $50+ USD (≈ €43+)');
    expect(formatBudgetFor(null, 200, 'USD')).toBe('Budget: Up to $200 USD');
    expect(formatBudgetFor(null, null, 'EUR')).toBe('Budget: TBD');
  });
});
