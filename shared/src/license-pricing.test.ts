import { describe, expect, it } from 'vitest';
import { LicenseOffers, NO_LICENSE_ENABLED } from './license-offers-contract';
import { licencePrice, licencePrices, lowestEnabledPriceCents } from './license-pricing';

const usdBeat = { price_cents: 1000, list_price_cents: 1000, list_currency: 'USD' as const, is_free: false };

describe('licencePrice', () => {
  it('defaults every licence to its multiple of the base price', () => {
    expect(licencePrices(usdBeat).map((p) => [p.license_type, p.enabled, p.usd_cents])).toEqual([
      ['basic', true, 1000],
      ['premium', true, 2000],
      ['trackout', true, 5000],
      ['exclusive', true, 10_000],
    ]);
  });

  it("charges the producer's own price, converted once from the list currency", () => {
    const eur = { ...usdBeat, price_cents: 1180, list_price_cents: 1000, list_currency: 'EUR' as const };
    const offers = { exclusive: { enabled: true, price_cents: 50_000 } };
    expect(licencePrice({ ...eur, license_offers: offers }, 'exclusive')).toEqual({
      license_type: 'exclusive',
      enabled: true,
      list_cents: 50_000,
      list_currency: 'EUR',
      usd_cents: 59_000,
    });
  });
});

describe('lowestEnabledPriceCents', () => {
  it('is the cheapest licence left on', () => {
    expect(lowestEnabledPriceCents(usdBeat)).toBe(1000);
    const offers = {
      basic: { enabled: false, price_cents: null },
      premium: { enabled: true, price_cents: 4000 },
    };
    // Basic off: Premium at its own $40 is cheaper than Trackout's default $50.
    expect(lowestEnabledPriceCents({ ...usdBeat, license_offers: offers })).toBe(4000);
  });

  it('is 0 for a free beat', () => {
    expect(lowestEnabledPriceCents({ ...usdBeat, is_free: true })).toBe(0);
  });
});

describe('LicenseOffers', () => {
  it('refuses an offer with every licence off, and prices out of range', () => {
    const off = { enabled: false, price_cents: null };
    const all = LicenseOffers.safeParse({ basic: off, premium: off, trackout: off, exclusive: off });
    expect(all.success ? null : all.error.issues[0]!.message).toBe(NO_LICENSE_ENABLED);
    expect(LicenseOffers.safeParse({ basic: { enabled: true, price_cents: 0 } }).success).toBe(false);
    expect(LicenseOffers.safeParse({ gold: { enabled: true, price_cents: 100 } }).success).toBe(false);
    expect(LicenseOffers.safeParse({ premium: { enabled: true, price_cents: 4999 } }).success).toBe(true);
  });
});
