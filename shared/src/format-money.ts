// Money display and price rules shared by web and desktop (numbers, prices and dates
// go through the shared formatters only). Pure functions: no I/O.
import { groupThousands } from './format-numbers';
import { LIMITS } from './limits';
import {
  CREDITS_PER_BOOST,
  CREDITS_PER_WEEKLY_FEATURE,
  CURRENCY_SYMBOLS,
  LICENSES,
  RATES,
} from './money-constants';
import type { Currency, LicenseId } from './money-constants';

/**
 * Rounds to a whole number, halves up, after dropping float noise (1.005 × 100 is
 * 100.49999999999999 in binary; a person typed 1.005 and means 100.5).
 */
function roundHalfUp(value: number): number {
  return Math.round(Number(value.toFixed(8)));
}

/** The symbol of a currency code; anything but EUR shows $ (invoices). */
export function currencySymbol(currency: string | null | undefined): string {
  return currency === 'EUR' ? CURRENCY_SYMBOLS.EUR : CURRENCY_SYMBOLS.USD;
}

/**
 * Converts an amount in cents between currencies with the fixed rates (USD→EUR 0.85,
 * EUR→USD 1.18, same currency 1), rounded to whole cents
 * (docs/domain.md#money-and-the-ledgers).
 */
export function convertCents(cents: number, from: Currency, to: Currency): number {
  return roundHalfUp(cents * RATES[from][to]);
}

/**
 * Formats cents that are already in the display currency: symbol and cents / 100 with two
 * decimals ('$29.99', '€29.99'). Zero, missing or NaN is 'Free'. It never converts: prices
 * stored in USD cents go through formatPriceIn.
 */
export function formatPrice(cents: number | null | undefined, currency: Currency = 'USD'): string {
  if (cents === null || cents === undefined || Number.isNaN(cents) || cents === 0) return 'Free';
  const sign = cents < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOLS[currency]}${(Math.abs(cents) / 100).toFixed(2)}`;
}

/**
 * Formats an amount of money that is not a price: zero is '$0.00', never 'Free' (a fee, a tax,
 * an invoice's totals, a producer's earnings). The symbol follows currencySymbol (€ for EUR,
 * otherwise $, as invoices show it); missing or NaN counts as zero.
 */
export function formatAmount(cents: number | null | undefined, currency?: string | null): string {
  const value = cents === null || cents === undefined || Number.isNaN(cents) ? 0 : cents;
  const sign = value < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${(Math.abs(value) / 100).toFixed(2)}`;
}

/** Formats a stored USD-cents price in the user's currency (converted first, then formatted). */
export function formatPriceIn(usdCents: number | null | undefined, currency: Currency): string {
  if (usdCents === null || usdCents === undefined || Number.isNaN(usdCents)) return 'Free';
  return formatPrice(convertCents(usdCents, 'USD', currency), currency);
}

/**
 * The upload and edit forms' price rule: the price is typed in the user's
 * currency, 0 to 100, step 0.01; anything that is not a number counts as zero, the value is
 * clamped to 0..100, rounded to the cent, then converted to USD cents. A comma is accepted as
 * the decimal separator because EUR users type one. Because of the EUR→USD rate the result may
 * exceed LIMITS.PRICE_MAX_CENTS; forms clamp to it before sending.
 */
export function priceInputToUsdCents(input: string | number | null | undefined, currency: Currency): number {
  const value = typeof input === 'number' ? input : Number((input ?? '').trim().replace(',', '.') || '0');
  if (!Number.isFinite(value)) return 0;
  const clamped = Math.min(LIMITS.PRICE_MAX, Math.max(LIMITS.PRICE_MIN, value));
  return convertCents(roundHalfUp(clamped * 100), currency, 'USD');
}

/**
 * The edit form's starting value: stored USD cents shown in the user's currency with two
 * decimals ('29.99'); missing is '0.00'. USD→EUR→USD may drift by a cent (see RATES).
 */
export function usdCentsToPriceInput(usdCents: number | null | undefined, currency: Currency): string {
  if (usdCents === null || usdCents === undefined || !Number.isFinite(usdCents)) return '0.00';
  return (convertCents(usdCents, 'USD', currency) / 100).toFixed(2);
}

/** A licence costs its multiple of the beat's base price (Basic 1x, Premium 2x, Exclusive 10x). */
export function licencePriceCents(baseCents: number, licence: LicenseId): number {
  const multiple = LICENSES.find((l) => l.id === licence)?.multiple ?? 1;
  return roundHalfUp(baseCents * multiple);
}

/** The badge on a credit pack: bonus / credits as a whole percent (500 with 50 bonus → 10). */
export function creditPackBonusPercent(pack: { credits: number; bonus: number }): number {
  if (pack.credits <= 0) return 0;
  return Math.round((pack.bonus / pack.credits) * 100);
}

/** How many homepage boosts (credits / 100) and weekly features (credits / 200) a pack buys. */
export function creditPackUses(pack: { credits: number }): { boosts: number; weeklyFeatures: number } {
  return {
    boosts: Math.floor(pack.credits / CREDITS_PER_BOOST),
    weeklyFeatures: Math.floor(pack.credits / CREDITS_PER_WEEKLY_FEATURE),
  };
}

/**
 * A promotion's price for a subscriber: promotion_discount_percent off both the credit and the
 * cash price, each rounded. A missing discount is 0; it is clamped to 0..100.
 */
export function promotionPrice(
  option: { credits: number; price_cents: number },
  discountPercent: number | null | undefined,
): { credits: number; price_cents: number } {
  const percent = Number.isFinite(discountPercent) ? Math.min(100, Math.max(0, discountPercent ?? 0)) : 0;
  const factor = (100 - percent) / 100;
  return {
    credits: roundHalfUp(option.credits * factor),
    price_cents: roundHalfUp(option.price_cents * factor),
  };
}

/** A number of credits written out in full with thousands separators: 10000 → '10,000'. */
export function formatCredits(credits: number | null | undefined): string {
  const value = credits === null || credits === undefined || !Number.isFinite(credits) ? 0 : credits;
  return groupThousands(value);
}

/** A ledger row's change, signed: a gain '+1,150', a spend '-200', nothing '0'. */
export function formatCreditChange(amount: number): string {
  return amount > 0 ? `+${formatCredits(amount)}` : amount < 0 ? `-${formatCredits(-amount)}` : '0';
}

/**
 * What a plan costs per month (yearly tiers show the per-month figure): a yearly
 * price divided by 12, rounded to the cent; a monthly price as it is.
 */
export function monthlyPriceCents(tier: {
  price_cents: number;
  billing_period: 'monthly' | 'yearly';
}): number {
  return tier.billing_period === 'yearly' ? roundHalfUp(tier.price_cents / 12) : tier.price_cents;
}
