// Exact prices: a beat keeps its price as the producer typed it (list_price_cents in
// list_currency) beside the USD cents every charge and the catalogue's filters and sorts use
// (price_cents). Going through USD and back is not exact (the rates 0.85 and 1.18 are not each
// other's inverse: €19.99 → $23.59 → €20.05), so a price is converted only for someone who
// uses the other currency, never for its own producer or a buyer in the same currency.
// Payments are charged in USD; amounts stored with a currency are shown in it, with the
// viewer's currency beside them when it differs. Pure functions: no I/O.
import { convertCents, currencySymbol, formatAmount, formatPrice, licencePriceCents } from './format-money';
import { LIMITS } from './limits';
import type { Currency, LicenseId } from './money-constants';

/** The currency every payment is charged in, and so every order, invoice and sale is stored in. */
export const CHARGE_CURRENCY: Currency = 'USD';

/** A price as a beat stores it: the USD cents, and the price as entered when it was kept. */
export interface ListedPrice {
  price_cents: number;
  /** Null for a beat priced before list prices were kept: its list price is price_cents in USD. */
  list_price_cents?: number | null;
  list_currency?: Currency | null;
}

/** The price as entered, in cents of its currency; a beat without one was listed in USD. */
export function listPriceOf(beat: ListedPrice): { cents: number; currency: Currency } {
  if (beat.list_price_cents === null || beat.list_price_cents === undefined || !beat.list_currency) {
    return { cents: beat.price_cents, currency: 'USD' };
  }
  return { cents: beat.list_price_cents, currency: beat.list_currency };
}

/**
 * The price form's rule: typed in the user's currency, 0 to LIMITS.PRICE_MAX, step 0.01;
 * anything that is not a number counts as zero; a comma is a decimal separator. Answers the
 * cents of that currency, rounded to the cent: exactly what the producer will see again.
 */
export function listPriceCentsOf(input: string | number | null | undefined): number {
  const value = typeof input === 'number' ? input : Number((input ?? '').trim().replace(',', '.') || '0');
  if (!Number.isFinite(value)) return 0;
  const clamped = Math.min(LIMITS.PRICE_MAX, Math.max(LIMITS.PRICE_MIN, value));
  return Math.round(Number((clamped * 100).toFixed(8)));
}

/** The USD cents a list price is worth: what a buyer is charged and the catalogue sorts by. */
export function usdCentsOf(listPriceCents: number, currency: Currency): number {
  return convertCents(listPriceCents, currency, 'USD');
}

/**
 * A beat's price in cents of `currency`: the list price itself when the viewer uses the
 * currency it was entered in, otherwise the USD price converted (USD viewers see exactly what
 * they are charged).
 */
export function beatPriceIn(beat: ListedPrice, currency: Currency): number {
  const list = listPriceOf(beat);
  if (list.currency === currency) return list.cents;
  return convertCents(beat.price_cents, 'USD', currency);
}

/** A beat's price label in the viewer's currency ('€19.99'); Free for a free or unpriced beat. */
export function formatBeatPrice(beat: ListedPrice & { is_free?: boolean }, currency: Currency): string {
  if (beat.is_free || !beat.price_cents) return 'Free';
  return formatPrice(beatPriceIn(beat, currency), currency);
}

/** The price form's starting value in the user's currency ('19.99'); exact in the list currency. */
export function priceInputOf(beat: ListedPrice, currency: Currency): string {
  return (beatPriceIn(beat, currency) / 100).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Upgrades
// ---------------------------------------------------------------------------------------------

/** Stripe's smallest USD charge: an upgrade never costs less (nor more than the licence itself). */
export const UPGRADE_MIN_CENTS = 50;

/**
 * The upgrade rule: a holder of a lower licence of a beat pays the difference between the
 * higher licence's price now and everything they have paid for this beat's licences they still
 * hold (refunded orders excluded; an earlier upgrade counts with the purchase it upgraded). It
 * is at least UPGRADE_MIN_CENTS, so a price cut since the first purchase still makes a
 * chargeable order, and never more than the licence's full price.
 */
export function upgradePriceCents(targetPriceCents: number, paidCents: number): number {
  return Math.min(targetPriceCents, Math.max(UPGRADE_MIN_CENTS, targetPriceCents - paidCents));
}

/**
 * What one licence card shows in the viewer's currency: the licence's list price (its multiple of
 * the beat's list price, exact) when the viewer uses the beat's list currency and it is not an
 * upgrade; otherwise the USD price that will be charged, converted.
 */
export function licencePriceIn(
  option: {
    price_cents: number;
    list_price_cents: number;
    list_currency: Currency;
    upgrade_from: LicenseId | null;
  },
  currency: Currency,
): number {
  if (option.upgrade_from === null && option.list_currency === currency) return option.list_price_cents;
  return convertCents(option.price_cents, 'USD', currency);
}

/** A licence's full price in the beat's list currency: its multiple of the list price. */
export function licenceListPrice(
  beat: ListedPrice,
  licence: LicenseId,
): { cents: number; currency: Currency } {
  const list = listPriceOf(beat);
  return { cents: licencePriceCents(list.cents, licence), currency: list.currency };
}

// ---------------------------------------------------------------------------------------------
// Stored amounts
// ---------------------------------------------------------------------------------------------

/** An amount as it was charged, naming the currency: '$23.59 USD', '€0.00 EUR'. */
export function formatCharged(
  cents: number | null | undefined,
  chargedIn: string | null | undefined,
): string {
  const code = chargedIn === 'EUR' ? 'EUR' : 'USD';
  return `${formatAmount(cents, code)} ${code}`;
}

/**
 * The same amount in the viewer's currency, for display only ('≈ €20.05'); null when the viewer
 * uses the currency it was charged in (nothing is converted then).
 */
export function convertedNote(
  cents: number | null | undefined,
  chargedIn: string | null | undefined,
  viewer: Currency,
): string | null {
  const from: Currency = chargedIn === 'EUR' ? 'EUR' : 'USD';
  if (from === viewer) return null;
  return `≈ ${formatAmount(convertCents(cents ?? 0, from, viewer), viewer)}`;
}

/** formatCharged, followed by the viewer's conversion when it differs: '$23.59 USD (≈ €20.05)'. */
export function formatChargedFor(
  cents: number | null | undefined,
  chargedIn: string | null | undefined,
  viewer: Currency,
): string {
  const note = convertedNote(cents, chargedIn, viewer);
  return note ? `${formatCharged(cents, chargedIn)} (${note})` : formatCharged(cents, chargedIn);
}

/**
 * A collaboration budget (whole US dollars, as posted): 'Budget: $50 - $100 USD', with the
 * viewer's currency after it when it is not USD ('(≈ €43 - €85)'); neither value 'Budget: TBD'.
 */
export function formatBudgetFor(
  min: number | null | undefined,
  max: number | null | undefined,
  viewer: Currency,
): string {
  const has = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!has(min) && !has(max)) return 'Budget: TBD';
  const range = (currency: Currency, convert: (v: number) => number) => {
    const s = currencySymbol(currency);
    if (has(min) && has(max)) return `${s}${convert(min)} - ${s}${convert(max)}`;
    if (has(min)) return `${s}${convert(min)}+`;
    return `Up to ${s}${convert(max!)}`;
  };
  const usd = `Budget: ${range('USD', (v) => v)} USD`;
  if (viewer === 'USD') return usd;
  return `${usd} (≈ ${range(viewer, (v) => Math.round(convertCents(v * 100, 'USD', viewer) / 100))})`;
}
