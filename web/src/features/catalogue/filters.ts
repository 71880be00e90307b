import {
  BEAT_SORT_VALUES,
  DEFAULT_BEAT_SORT,
  GENRES,
  KEYS,
  MOODS,
  type BeatSort,
} from '@beatroom/shared/catalogue-constants';
import { LIMITS } from '@beatroom/shared/limits';
import type { Currency } from '@beatroom/shared/money-constants';
import { priceInputToUsdCents } from '@beatroom/shared/format-money';
import type { BeatListFilters } from './api';

/**
 * The home page's filters as they sit in the URL and in the form: text as typed. Prices are in
 * the viewer's currency and durations in minutes, as entered; toListFilters converts them to
 * the API's USD cents and seconds. Names match GET /api/beats, so `/?genre=Trap&free=true`
 * (the header's links) is a filter like any other.
 */
export interface FilterValues {
  search: string;
  genre: string;
  key: string;
  mood: string;
  bpm_min: string;
  bpm_max: string;
  price_min: string;
  price_max: string;
  duration_min: string;
  duration_max: string;
  free: boolean;
  featured: boolean;
  sort: BeatSort;
}

export type TextFilter =
  'search' | 'bpm_min' | 'bpm_max' | 'price_min' | 'price_max' | 'duration_min' | 'duration_max';
export type ChoiceFilter = 'genre' | 'key' | 'mood';
export type FlagFilter = 'free' | 'featured';

export const ADVANCED_FILTERS = [
  'bpm_min',
  'bpm_max',
  'price_min',
  'price_max',
  'duration_min',
  'duration_max',
] as const;

export const EMPTY_FILTERS: FilterValues = {
  search: '',
  genre: '',
  key: '',
  mood: '',
  bpm_min: '',
  bpm_max: '',
  price_min: '',
  price_max: '',
  duration_min: '',
  duration_max: '',
  free: false,
  featured: false,
  sort: DEFAULT_BEAT_SORT,
};

/** Duration filter bounds in minutes (0 to 10 minutes). */
export const DURATION_MAX_MINUTES = LIMITS.DURATION_FILTER_MAX_SECONDS / 60;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.find((v) => v === value) ?? '';
}

const isOn = (value: string | null) => value === 'true' || value === '1';

/** Reads the filters from the URL; unknown choices fall back to "any", an unknown sort to newest. */
export function readFilters(params: URLSearchParams): FilterValues {
  const text = (name: TextFilter) => params.get(name) ?? '';
  return {
    search: text('search'),
    genre: oneOf(GENRES, params.get('genre')),
    key: oneOf(KEYS, params.get('key')),
    mood: oneOf(MOODS, params.get('mood')),
    bpm_min: text('bpm_min'),
    bpm_max: text('bpm_max'),
    price_min: text('price_min'),
    price_max: text('price_max'),
    duration_min: text('duration_min'),
    duration_max: text('duration_max'),
    free: isOn(params.get('free')),
    featured: isOn(params.get('featured')),
    sort: oneOf(BEAT_SORT_VALUES, params.get('sort')) || DEFAULT_BEAT_SORT,
  };
}

/** The URL of these filters: only what differs from the defaults, in a stable order. */
export function writeFilters(values: FilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(EMPTY_FILTERS) as (keyof FilterValues)[]) {
    const value = values[name];
    if (value === EMPTY_FILTERS[name]) continue;
    if (typeof value === 'boolean') params.set(name, 'true');
    else if (value.trim() !== '') params.set(name, name === 'search' ? value : value.trim());
  }
  return params;
}

function number(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A low/high pair entered the wrong way round is read the right way round. */
function ordered(
  low: number | undefined,
  high: number | undefined,
): [number | undefined, number | undefined] {
  if (low !== undefined && high !== undefined && low > high) return [high, low];
  return [low, high];
}

function bpm(text: string): number | undefined {
  const value = number(text);
  return value === null ? undefined : clamp(Math.round(value), LIMITS.BPM_MIN, LIMITS.BPM_MAX);
}

function durationSeconds(text: string): number | undefined {
  const minutes = number(text);
  if (minutes === null) return undefined;
  return clamp(Math.round(minutes * 60), 0, LIMITS.DURATION_FILTER_MAX_SECONDS);
}

function priceCents(text: string, currency: Currency): number | undefined {
  if (number(text) === null) return undefined;
  return Math.min(LIMITS.PRICE_MAX_CENTS, priceInputToUsdCents(text, currency));
}

/**
 * The query for GET /api/beats: values clamped to the filter ranges (BPM 60-200, price 0-100 in
 * the viewer's currency, duration 0-10 minutes), converted to USD cents and seconds, and only
 * the filters in use, so the server never sees a value it would refuse.
 */
export function toListFilters(values: FilterValues, currency: Currency): BeatListFilters {
  const [bpmMin, bpmMax] = ordered(bpm(values.bpm_min), bpm(values.bpm_max));
  const [priceMin, priceMax] = ordered(
    priceCents(values.price_min, currency),
    priceCents(values.price_max, currency),
  );
  const [durationMin, durationMax] = ordered(
    durationSeconds(values.duration_min),
    durationSeconds(values.duration_max),
  );
  const search = values.search.trim().slice(0, 100);
  const filters: BeatListFilters = {
    search: search || undefined,
    genre: values.genre || undefined,
    key: values.key || undefined,
    mood: values.mood || undefined,
    bpm_min: bpmMin,
    bpm_max: bpmMax,
    price_min: priceMin,
    price_max: priceMax,
    duration_min: durationMin,
    duration_max: durationMax,
    featured: values.featured || undefined,
    free: values.free || undefined,
    sort: values.sort,
  };
  // Undefined entries would still be keys, and make equal filters look different in a query key.
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as BeatListFilters;
}

/** How many filters (not the sort) are set: the count on the Clear button. */
export function activeFilterCount(values: FilterValues): number {
  return (Object.keys(EMPTY_FILTERS) as (keyof FilterValues)[]).filter(
    (name) => name !== 'sort' && values[name] !== EMPTY_FILTERS[name] && String(values[name]).trim() !== '',
  ).length;
}

export function hasAdvancedFilters(values: FilterValues): boolean {
  return ADVANCED_FILTERS.some((name) => values[name].trim() !== '');
}
