import { CreateBeatBody, resolveListPricing, type Beat } from '@beatroom/shared/beats-contract';
import { GENRES, type Genre } from '@beatroom/shared/catalogue-constants';
import { listPriceCentsOf, priceInputOf } from '@beatroom/shared/list-price';
import type { Currency } from '@beatroom/shared/money-constants';
import {
  DEFAULT_OFFER_INPUTS,
  offerInputsFrom,
  offersOf,
  type LicenceOfferInputs,
} from './licence-offers-form';

// The beat form's rules, shared by Upload Beat, Manage Beat and the
// desktop app's upload: the values as typed, the price in the user's currency, and one check
// against the server's own contract that turns them into the API's fields.

/** The form's fields, as typed. */
export interface BeatFormValues {
  title: string;
  description: string;
  bpm: string;
  genre: Genre;
  key: string;
  mood: string;
  /** In the user's currency, 0 to 100. */
  price: string;
  free: boolean;
  /** Per licence: on or off, and an own price in the same currency ('' for the default). */
  offers: LicenceOfferInputs;
}

export const EMPTY_BEAT_FORM: BeatFormValues = {
  title: '',
  description: '',
  bpm: '',
  genre: GENRES[0],
  key: '',
  mood: '',
  price: '',
  // Not ticked: a producer decides to give a beat away. (A price left empty still counts as
  // zero, and zero marks the beat free when it is sent.)
  free: false,
  offers: DEFAULT_OFFER_INPUTS,
};

/**
 * A beat's own fields as the API takes them: the Beat contract's, not a twin of them. The price
 * goes as typed (list_price_cents in list_currency); the server works out its USD worth.
 */
export type BeatFields = Pick<
  Beat,
  | 'title'
  | 'description'
  | 'bpm'
  | 'genre'
  | 'key_signature'
  | 'mood'
  | 'list_price_cents'
  | 'list_currency'
  | 'license_offers'
  | 'is_free'
>;

/** Field messages shown under the inputs that can be wrong (the others are choices). */
export type BeatFormErrors = Partial<Record<'title' | 'description' | 'bpm' | 'license_offers', string>>;

export type BeatFormResult = { ok: true; fields: BeatFields } | { ok: false; errors: BeatFormErrors };

/** POST /api/beats' rules for these fields: the form refuses exactly what the server would. */
const FieldsContract = CreateBeatBody.pick({
  title: true,
  description: true,
  bpm: true,
  genre: true,
  key_signature: true,
  mood: true,
  list_price_cents: true,
  list_currency: true,
  license_offers: true,
  is_free: true,
});

/** The typed price as the API takes it: in cents of the user's currency, exactly as typed. */
function pricingOf(values: BeatFormValues, currency: Currency) {
  const { list_price_cents, list_currency, is_free } = resolveListPricing({
    list_price_cents: listPriceCentsOf(values.price),
    list_currency: currency,
    is_free: values.free,
  });
  return { list_price_cents, list_currency, is_free };
}

const LABELS = {
  title: 'Title',
  description: 'Description',
  bpm: 'BPM',
  license_offers: 'Licence price',
} as const;

export function beatFormFrom(beat: Beat, currency: Currency): BeatFormValues {
  return {
    title: beat.title,
    description: beat.description ?? '',
    bpm: beat.bpm === null ? '' : String(beat.bpm),
    genre: beat.genre,
    key: beat.key_signature ?? '',
    mood: beat.mood ?? '',
    // Exactly as the producer typed it when they use the currency they typed it in.
    price: beat.is_free ? '0.00' : priceInputOf(beat, currency),
    free: beat.is_free,
    offers: offerInputsFrom(beat),
  };
}

/**
 * The title a chosen audio file suggests: its name without the extension, whole. A name longer
 * than the limit is not cut mid-word: the form says it is too long and the producer shortens it.
 */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/**
 * A text field past its limit, said as you type (the server's own check says it again on
 * submit); undefined within it. Counted as the contract counts: trimmed.
 */
export function overLimitMessage(label: string, text: string, max: number): string | undefined {
  const over = text.trim().length - max;
  if (over <= 0) return undefined;
  return `${label} is ${over} ${over === 1 ? 'character' : 'characters'} too long (at most ${max})`;
}

/** Typing a price: a price of zero (or nothing valid) marks the beat free, any other unmarks it. */
export function withPrice(values: BeatFormValues, price: string, _currency?: Currency): BeatFormValues {
  return { ...values, price, free: listPriceCentsOf(price) === 0 };
}

/** Ticking Free sets the price to 0; unticking clears it, ready for a price to be typed. */
export function withFree(values: BeatFormValues, free: boolean): BeatFormValues {
  return { ...values, free, price: free ? '0' : '' };
}

/** The contract's messages name no field ("must be ..."); the form puts the field's name first. */
function fieldMessage(label: string, message: string): string {
  return message.startsWith(label) ? message : `${label} ${message}`;
}

/**
 * Checks the values with the create contract and, when they pass, gives the API's fields:
 * trimmed, empty choices null, BPM a number, the price as typed in the user's currency (clamped
 * to 0..100) and Free following the price rule.
 */
export function parseBeatForm(values: BeatFormValues, currency: Currency): BeatFormResult {
  const parsed = FieldsContract.safeParse({
    title: values.title,
    description: values.description,
    bpm: values.bpm.trim() === '' ? null : Number(values.bpm),
    genre: values.genre,
    key_signature: values.key,
    mood: values.mood,
    ...pricingOf(values, currency),
    license_offers: offersOf(values.offers),
  });
  if (!parsed.success) {
    const errors: BeatFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'title' || field === 'description' || field === 'bpm' || field === 'license_offers') {
        errors[field] ??= fieldMessage(LABELS[field], issue.message);
      }
    }
    return { ok: false, errors };
  }
  const fields = parsed.data;
  return {
    ok: true,
    fields: {
      title: fields.title,
      description: fields.description ?? null,
      bpm: fields.bpm ?? null,
      genre: fields.genre,
      key_signature: fields.key_signature ?? null,
      mood: fields.mood ?? null,
      ...pricingOf(values, currency),
      license_offers: fields.license_offers ?? {},
    },
  };
}
