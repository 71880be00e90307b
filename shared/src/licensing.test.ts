import { describe, expect, it } from 'vitest';
import {
  bestLicense,
  isForSale,
  LICENSE_FORMATS,
  licenseAllowsFormat,
  licenseName,
  licenseOptions,
  splitSale,
  type DeliveryFormat,
} from './licensing';
import { formatInvoiceNumber, INVOICE_NUMBER_PATTERN, PurchaseBody } from './money-contract';
import type { LicenseId } from './money-constants';

const beat = (price_cents: number, extra: Partial<{ is_free: boolean; sold_exclusive: boolean }> = {}) => ({
  price_cents,
  is_free: false,
  sold_exclusive: false,
  ...extra,
});

describe('licenseOptions', () => {
  it.each([
    [2999, [2999, 5998, 14_995, 29_990]],
    [1, [1, 2, 5, 10]],
    [10_000, [10_000, 20_000, 50_000, 100_000]],
  ])(
    'a %i-cent beat sells Basic / Premium / Trackout / Exclusive at 1x / 2x / 5x / 10x',
    (price, expected) => {
      const options = licenseOptions(beat(price), false);
      expect(options.map((o) => [o.license_type, o.name, o.price_cents])).toEqual([
        ['basic', 'Basic', expected[0]],
        ['premium', 'Premium', expected[1]],
        ['trackout', 'Trackout', expected[2]],
        ['exclusive', 'Exclusive', expected[3]],
      ]);
    },
  );

  it("marks Premium POPULAR and carries each licence's features", () => {
    const [basic, premium, , exclusive] = licenseOptions(beat(1000), false);
    expect([basic!.popular, premium!.popular, exclusive!.popular]).toEqual([false, true, false]);
    expect(basic!.features).toContain('MP3 320kbps');
    expect(premium!.features).toContain('Up to 100K streams');
    expect(exclusive!.features).toContain('Beat removed from store');
  });

  it('makes only the exclusive unavailable while it is reserved', () => {
    expect(licenseOptions(beat(1000), true).map((o) => o.available)).toEqual([true, true, true, false]);
    expect(licenseOptions(beat(1000), false).map((o) => o.available)).toEqual([true, true, true, true]);
  });

  it.each([
    ['a free beat', beat(1000, { is_free: true })],
    ['a zero price', beat(0)],
  ])('has nothing to sell for %s', (_, b) => {
    expect(isForSale(b)).toBe(false);
    expect(licenseOptions(b, false)).toEqual([]);
  });

  it('offers a Basic holder Premium and Exclusive for the difference, from Basic', () => {
    const listed = { ...beat(2359), list_price_cents: 1999, list_currency: 'EUR' as const };
    const options = licenseOptions(listed, false, { held: ['basic'], paid_cents: 2359 });
    expect(options.map((o) => [o.license_type, o.price_cents, o.available, o.held, o.upgrade_from])).toEqual([
      ['basic', 2359, false, true, null],
      ['premium', 4718 - 2359, true, false, 'basic'],
      ['trackout', 11_795 - 2359, true, false, 'basic'],
      ['exclusive', 23_590 - 2359, true, false, 'basic'],
    ]);
    // The list prices stay the licences' full prices in the currency the beat was listed in.
    expect(options.map((o) => [o.list_price_cents, o.list_currency])).toEqual([
      [1999, 'EUR'],
      [3998, 'EUR'],
      [9995, 'EUR'],
      [19_990, 'EUR'],
    ]);
  });

  it('offers a Premium holder (who upgraded from Basic) only the exclusive, less all they paid', () => {
    const options = licenseOptions(beat(1000), true, { held: ['premium'], paid_cents: 2000 });
    expect(options.map((o) => [o.license_type, o.price_cents, o.available, o.upgrade_from])).toEqual([
      ['basic', 1000, false, null],
      ['premium', 2000, false, null],
      ['trackout', 3000, true, 'premium'],
      // Reserved by another buyer's checkout: an upgrade follows the exclusive's rules.
      ['exclusive', 8000, false, 'premium'],
    ]);
  });

  it('shows a beat sold exclusively with every licence unavailable', () => {
    const sold = beat(1000, { sold_exclusive: true });
    expect(isForSale(sold)).toBe(false);
    expect(licenseOptions(sold, false).map((o) => [o.license_type, o.available])).toEqual([
      ['basic', false],
      ['premium', false],
      ['trackout', false],
      ['exclusive', false],
    ]);
  });

  it("prices each licence at its producer's own price and leaves out the ones switched off", () => {
    const offered = {
      ...beat(2359),
      list_price_cents: 1999,
      list_currency: 'EUR' as const,
      license_offers: {
        premium: { enabled: true, price_cents: 3500 },
        trackout: { enabled: false, price_cents: null },
      },
    };
    expect(
      licenseOptions(offered, false).map((o) => [o.license_type, o.list_price_cents, o.price_cents]),
    ).toEqual([
      ['basic', 1999, 2359],
      // €35.00 as typed, charged $41.30 (1.18).
      ['premium', 3500, 4130],
      ['exclusive', 19_990, 23_590],
    ]);
  });
});

describe('what each licence delivers', () => {
  it.each<[LicenseId, DeliveryFormat, boolean]>([
    ['basic', 'mp3_320', true],
    ['basic', 'wav', false],
    ['basic', 'flac', false],
    ['premium', 'mp3_320', true],
    ['premium', 'wav', true],
    ['premium', 'flac', false],
    ['trackout', 'wav', true],
    ['trackout', 'flac', false],
    ['exclusive', 'mp3_320', true],
    ['exclusive', 'wav', true],
    ['exclusive', 'flac', true],
  ])('%s → %s: %s', (license, format, allowed) => {
    expect(licenseAllowsFormat(license, format)).toBe(allowed);
  });

  it('names the licences and ranks them', () => {
    expect(licenseName('premium')).toBe('Premium');
    expect(LICENSE_FORMATS.basic).toEqual(['mp3_320']);
    expect(bestLicense([])).toBeNull();
    expect(bestLicense(['basic', 'exclusive', 'premium'])).toBe('exclusive');
    expect(bestLicense(['basic', 'premium'])).toBe('premium');
  });
});

describe('splitSale (platform_fee_percent, default 0)', () => {
  it.each([
    [2999, 0, 0, 2999],
    [2999, 10, 300, 2699], // 299.9 → 300
    [999, 12.5, 125, 874], // 124.875 → 125
    [1000, 15, 150, 850],
    [5, 10, 1, 4], // 0.5 → 1, halves up
    [4, 10, 0, 4], // 0.4 → 0
    [1000, 100, 1000, 0],
    [1000, 150, 1000, 0], // clamped to 100
    [1000, -5, 0, 1000], // clamped to 0
    [1000, Number.NaN, 0, 1000],
  ])('%i cents at %d %% → fee %i, net %i', (gross, percent, fee, net) => {
    const split = splitSale(gross, percent);
    expect(split).toEqual({ gross_cents: gross, fee_cents: fee, net_cents: net });
    expect(split.fee_cents + split.net_cents).toBe(gross);
  });
});

describe('money contract', () => {
  it.each([
    [2026, 1, 'BR-2026-000001'],
    [2026, 123_456, 'BR-2026-123456'],
    [2027, 1_000_000, 'BR-2027-1000000'],
  ])('invoice %i #%i is %s', (year, n, expected) => {
    expect(formatInvoiceNumber(year, n)).toBe(expected);
    expect(INVOICE_NUMBER_PATTERN.test(expected)).toBe(true);
  });

  it('fills the purchase defaults and requires a saved id for a saved method', () => {
    expect(PurchaseBody.parse({ license_type: 'basic', price_cents: 2999 })).toEqual({
      license_type: 'basic',
      price_cents: 2999,
      save_payment_method: false,
      payment_method: 'new_card',
    });
    const saved = PurchaseBody.safeParse({ license_type: 'basic', price_cents: 1, payment_method: 'saved' });
    expect(saved.success).toBe(false);
    expect(saved.error?.issues[0]?.path).toEqual(['saved_payment_method_id']);
    for (const bad of [
      { license_type: 'gold', price_cents: 1 },
      { license_type: 'basic', price_cents: -1 },
      { license_type: 'basic', price_cents: 1.5 },
      { license_type: 'basic', price_cents: 1, payment_method: 'cash' },
    ]) {
      expect(PurchaseBody.safeParse(bad).success).toBe(false);
    }
  });
});
