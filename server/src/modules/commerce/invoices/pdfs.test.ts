import { DEFAULT_LICENCE_TERMS } from '@beatroom/shared/licence-terms-contract';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { describe, expect, it } from 'vitest';
import { isPdf, pdfText } from '../../../../test/pdf-text';
import { invoicePdf, type InvoicePdfInput } from './invoice-pdf';
import { licensePdf } from './license-pdf';

const invoice: InvoicePdfInput = {
  invoiceNumber: 'BR-2026-000001',
  paymentDate: new Date('2026-11-22T12:00:00Z'),
  status: 'paid',
  currency: 'USD',
  seller: { name: 'Metro Beats' },
  buyer: { name: 'Ann Artist', email: 'ann@example.com' },
  items: [{ name: 'Night Drive (Premium licence)', quantity: 1, priceCents: 5998 }],
  subtotalCents: 5998,
  taxCents: 0,
  discountCents: 0,
  totalCents: 5998,
  paymentMethod: 'card',
  orderId: 'c1d2e3f4-0000-4000-8000-000000000001',
};

describe('invoice PDF', () => {
  it('is a PDF naming the number, seller, buyer, items and totals in dollars', async () => {
    const pdf = await invoicePdf(invoice);
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf).join('\n');
    for (const expected of [
      'INVOICE',
      'BR-2026-000001',
      'November 22, 2026',
      'PAID',
      'Metro Beats',
      'Ann Artist',
      'ann@example.com',
      'Night Drive (Premium licence)',
      'Subtotal',
      'Tax',
      'Discount',
      'Total',
      '$59.98',
      '$0.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('€');
  });

  it('uses € for EUR, multiplies quantities and shows a discount as negative', async () => {
    const pdf = await invoicePdf({
      ...invoice,
      currency: 'EUR',
      items: [{ name: 'Credits', quantity: 3, priceCents: 1000 }],
      subtotalCents: 3000,
      taxCents: 570,
      discountCents: 500,
      totalCents: 3070,
    });
    const lines = pdfText(pdf);
    expect(lines).toEqual(expect.arrayContaining(['€10.00', '€30.00', '€5.70', '-€5.00', '€30.70']));
    expect(lines.join('\n')).not.toContain('$');
  });

  it("prints a cart line's discount under it, saying whether a deal or a coupon gave it", async () => {
    const pdf = await invoicePdf({
      ...invoice,
      items: [
        {
          name: 'Alpha (Basic licence)',
          quantity: 1,
          priceCents: 1000,
          discountCents: 1000,
          discountReason: 'deal',
        },
        {
          name: 'Bravo (Premium licence)',
          quantity: 1,
          priceCents: 4000,
          discountCents: 400,
          discountReason: 'coupon',
        },
        { name: 'Charlie (Exclusive licence)', quantity: 1, priceCents: 30000 },
      ],
      subtotalCents: 35000,
      discountCents: 1400,
      totalCents: 33600,
    });
    const lines = pdfText(pdf);
    const at = (text: string) => lines.indexOf(text);
    expect(at('Bulk deal discount')).toBeGreaterThan(at('Alpha (Basic licence)'));
    expect(at('Bulk deal discount')).toBeLessThan(at('Bravo (Premium licence)'));
    expect(at('Coupon discount')).toBeGreaterThan(at('Bravo (Premium licence)'));
    expect(at('Coupon discount')).toBeLessThan(at('Charlie (Exclusive licence)'));
    expect(lines).toEqual(expect.arrayContaining(['-$10.00', '-$4.00', '-$14.00', '$336.00']));
  });
});

describe('licence agreement PDF', () => {
  const base = {
    orderNumber: 'c1d2e3f4-0000-4000-8000-000000000001',
    date: new Date('2026-11-22T12:00:00Z'),
    buyer: { name: 'Ann Artist', email: 'ann@example.com' },
    producer: { name: 'Metro Beats' },
    beat: { id: 'b1', title: 'Night Drive' },
    currency: 'USD',
    invoiceNumber: 'INV-2026-000042',
  };
  const termsOf = (licenseType: LicenseId) => DEFAULT_LICENCE_TERMS[licenseType];

  it.each([
    [
      'basic',
      'Basic Licence',
      2999,
      ['MP3 320kbps', 'Non-commercial use', 'Social media posting', 'Producer tag included'],
    ],
    [
      'premium',
      'Premium Licence',
      5998,
      ['WAV and MP3 files', 'Commercial use', 'Radio and streaming', 'Up to 100K streams'],
    ],
    [
      'exclusive',
      'Exclusive Licence',
      29990,
      ['Full ownership', 'All file formats', 'Beat removed from store', 'Credit optional'],
    ],
  ] as const)(
    '%s: parties, beat, terms, order number and date',
    async (licenseType, title, priceCents, terms) => {
      const pdf = await licensePdf({ ...base, licenseType, priceCents, terms: termsOf(licenseType) });
      expect(isPdf(pdf)).toBe(true);
      const text = pdfText(pdf).join('\n');
      expect(text).toContain(title);
      expect(text).toContain('Night Drive');
      expect(text).toContain('Metro Beats');
      expect(text).toContain('Ann Artist');
      expect(text).toContain('November 22, 2026');
      expect(text).toContain(`Order number: ${base.orderNumber}`);
      expect(text).toContain(`$${(priceCents / 100).toFixed(2)}`);
      for (const term of terms) expect(text).toContain(`- ${term}`);
      expect(text).toContain('Invoice number: INV-2026-000042');
      expect(text).toContain('Producer (Licensor): Metro Beats');
      expect(text).toContain('Buyer (Licensee): Ann Artist');
      expect(text).toContain('Signature and date');
    },
  );

  it("states the producer's own terms: limits, term, territory, credit line and publishing split", async () => {
    const terms = {
      ...DEFAULT_LICENCE_TERMS.trackout,
      audio_streams: 250_000,
      music_videos: null,
      term_years: 7,
      territory: 'Europe',
      credit_line: 'Prod. by {producer} x Ann',
      publishing_split_percent: 40,
    };
    const pdf = await licensePdf({ ...base, licenseType: 'trackout', priceCents: 14_995, terms });
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('Trackout Licence');
    expect(text).toContain('250,000');
    expect(text).toContain('Unlimited');
    expect(text).toContain('for 7 years from the Effective Date, in the territory: Europe');
    expect(text.replace(/\s+/g, ' ')).toContain('Prod. by Metro Beats x Ann');
    expect(text).toContain('The Producer keeps 40% of the publishing');
    expect(text).toContain('stems');
    // A real agreement: the grant and limits, then the clauses and signatures on their own page.
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(3);
  });

  it('uncompressed output says the same (the extractor reads both)', async () => {
    const pdf = await licensePdf(
      { ...base, licenseType: 'basic', priceCents: 100, terms: termsOf('basic') },
      { compress: false },
    );
    expect(pdf.toString('latin1')).not.toContain('/FlateDecode');
    expect(pdfText(pdf).join('\n')).toContain('Basic Licence');
  });
});
