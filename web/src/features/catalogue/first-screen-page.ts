import type { BeatCard } from '@beatroom/shared/beat-list-contract';
import { DEFAULT_BEAT_SORT } from '@beatroom/shared/catalogue-constants';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '@beatroom/shared/first-screen-data';
import type { BeatListFilters } from './api';

type Embedded = NonNullable<FirstScreenData['catalogue']>;

let embedded: Embedded | null | undefined;
/** The pages handed out: the grid renders such a page's first row first (beat-catalogue.tsx). */
const handedOut = new WeakSet<readonly BeatCard[]>();

/** The home page's data element, read (and removed) once; null when the page has none. */
function readEmbedded(): Embedded | null {
  if (embedded !== undefined) return embedded;
  embedded = null;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element) return embedded;
  element.remove();
  try {
    embedded = (JSON.parse(element.textContent ?? '') as FirstScreenData).catalogue ?? null;
  } catch {
    // A page cut short in transit: the app asks for the list as it would without it.
  }
  return embedded;
}

/**
 * The catalogue's first page as the server embedded it in the home page's HTML (written by the
 * server from the same contract the API answers with), for the list with no filters only, and
 * only once: the grid's first render then shows the cards whose covers the HTML is already
 * fetching, where it would show a skeleton until its own request returned (the largest paint of
 * the home page on a phone). Later visits ask the server as usual.
 */
export function takeFirstScreenPage(
  filters: BeatListFilters,
): { beats: BeatCard[]; readAt: number } | undefined {
  const keys = Object.keys(filters);
  if (keys.length !== 1 || filters.sort !== DEFAULT_BEAT_SORT) return undefined;
  const page = readEmbedded();
  if (!page) return undefined;
  embedded = null;
  handedOut.add(page.beats);
  return { beats: page.beats, readAt: page.read_at };
}

/** Whether `page` is the one the HTML carried (not one the app asked for, or the cache kept). */
export function isFirstScreenPage(page: readonly BeatCard[] | undefined): boolean {
  return page !== undefined && handedOut.has(page);
}

/** Forgets what was read (tests render several documents in one module instance). */
export function resetFirstScreenPage(): void {
  embedded = undefined;
}
