import { resolvePricing, type Beat } from '@beatroom/shared/beats-contract';
import { GENRES, KEYS, LIMITS, MOODS, type Currency, type Genre } from '@beatroom/shared/constants';
import { priceInputToUsdCents, usdCentsToPriceInput } from '@beatroom/shared/format';

/** The upload and edit forms' fields, as typed (platform.md §2, §5). */
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
}

export const EMPTY_BEAT_FORM: BeatFormValues = {
  title: '',
  description: '',
  bpm: '',
  genre: GENRES[0],
  key: '',
  mood: '',
  price: '',
  // An empty price counts as zero, and zero marks the beat free.
  free: true,
};

export function beatFormFrom(beat: Beat, currency: Currency): BeatFormValues {
  return {
    title: beat.title,
    description: beat.description ?? '',
    bpm: beat.bpm === null ? '' : String(beat.bpm),
    genre: beat.genre,
    key: beat.key_signature ?? '',
    mood: beat.mood ?? '',
    price: beat.is_free ? '0.00' : usdCentsToPriceInput(beat.price_cents, currency),
    free: beat.is_free,
  };
}

/** The title a chosen audio file suggests: its name without the extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim().slice(0, LIMITS.TITLE_MAX);
}

/** USD cents of the typed price: invalid counts as zero; never above what the server accepts. */
export function priceCentsOf(price: string, currency: Currency): number {
  return Math.min(LIMITS.PRICE_MAX_CENTS, priceInputToUsdCents(price, currency));
}

/** Typing a price: a price of zero (or nothing valid) marks the beat free, any other unmarks it. */
export function withPrice(values: BeatFormValues, price: string, currency: Currency): BeatFormValues {
  return { ...values, price, free: priceCentsOf(price, currency) === 0 };
}

/** Ticking Free sets the price to 0; unticking clears it, ready for a price to be typed. */
export function withFree(values: BeatFormValues, free: boolean): BeatFormValues {
  return { ...values, free, price: free ? '0' : '' };
}

export interface BeatFormErrors {
  title?: string;
  bpm?: string;
}

/** Title required; BPM empty (null) or a whole number from 60 to 200. */
export function validateBeatForm(values: BeatFormValues): BeatFormErrors {
  const errors: BeatFormErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  if (values.bpm.trim() !== '') {
    const bpm = Number(values.bpm);
    if (!Number.isInteger(bpm) || bpm < LIMITS.BPM_MIN || bpm > LIMITS.BPM_MAX) {
      errors.bpm = `BPM must be a whole number from ${LIMITS.BPM_MIN} to ${LIMITS.BPM_MAX}`;
    }
  }
  return errors;
}

export interface BeatFields {
  title: string;
  description: string | null;
  bpm: number | null;
  genre: Genre;
  key_signature: (typeof KEYS)[number] | null;
  mood: (typeof MOODS)[number] | null;
  price_cents: number;
  is_free: boolean;
}

/** The fields as the API takes them: trimmed, empty choices null, the price in USD cents. */
export function toBeatFields(values: BeatFormValues, currency: Currency): BeatFields {
  const pricing = resolvePricing({ price_cents: priceCentsOf(values.price, currency), is_free: values.free });
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    bpm: values.bpm.trim() === '' ? null : Number(values.bpm),
    genre: values.genre,
    key_signature: KEYS.find((key) => key === values.key) ?? null,
    mood: MOODS.find((mood) => mood === values.mood) ?? null,
    ...pricing,
  };
}
