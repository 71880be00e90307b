import type { BeatCard } from '@beatroom/shared/beat-list-contract';
import type { BeatSort } from '@beatroom/shared/catalogue-constants';
import { FEATURED } from './catalogue-filter-sql';
import { sortValue } from './catalogue-sort-sql';

/**
 * A page's rows as the cards the client gets: each written as JSON by the database, from the
 * JSON stored with the beat and the fields that change without an edit.
 */

/**
 * The card's fields that change without an edit of the beat, as the expressions that give them:
 * a paid featured promotion ends with time, plays and downloads count up. Every other BeatCard
 * field is stored as JSON in beats.card_head, written by the database when the beat is written
 * (migration 20261127160000_beat_card_head): building a page's JSON from the columns on every
 * list was 60 % of a list statement's database time. The price as its producer typed it comes
 * last, appended like the live fields: keeping it in the stored head would have rewritten the
 * whole table to add it (a beat priced before it was kept was listed in USD at price_cents).
 */
const LIVE_CARD_FIELDS = {
  is_featured: FEATURED,
  play_count: 'b.play_count',
  download_count: 'b.download_count',
  list_price_cents: 'COALESCE(b.list_price_cents, b.price_cents)',
  list_currency: `CASE WHEN b.list_price_cents IS NULL THEN 'USD' ELSE b.list_currency END`,
  // Kept on every price write (the producer's licence offer), like the list price above.
  lowest_price_cents: 'b.lowest_price_cents',
} satisfies Partial<Record<keyof BeatCard, string>>;

/** Live fields that are text: written as JSON strings (the others are numbers or booleans). */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['list_currency']);

/** A row `r` of CARD_COLUMNS as its card's JSON: the stored head, the live fields, the brace. */
const CARD_JSON = [
  'r.card_head',
  ...Object.keys(LIVE_CARD_FIELDS).map((field) =>
    TEXT_FIELDS.has(field)
      ? `',"${field}":' || to_json(r.${field})::text`
      : `',"${field}":' || r.${field}::text`,
  ),
  `'}'`,
].join(' || ');

/**
 * What a card is made from, each named as the contract names it, and the columns every sort
 * orders by (created_at also for the next page's cursor).
 */
export const CARD_COLUMNS = [
  'b.id',
  'b.card_head',
  ...Object.entries(LIVE_CARD_FIELDS).map(([field, sql]) =>
    sql === `b.${field}` ? sql : `${sql} AS ${field}`,
  ),
  'b.created_at',
].join(', ');

/**
 * A card as the database answers it: its JSON (a BeatCard), and where a page ending with it
 * continues: its id, its value of the sort (created_at as ISO text, as Date.toISOString writes
 * it) and, in the default order, which of the two groups it came from.
 */
export interface CardRow {
  card: string;
  id: string;
  sort_value: string | number;
  boosted?: boolean;
}

/**
 * A page statement (rows of CARD_COLUMNS, already ordered and limited) answered as CardRows, in
 * its order, `order` naming its columns as `r`: the JSON is written for the page's rows only.
 */
export function asCards(page: string, sort: BeatSort, order: string, boosted = false): string {
  return `SELECT ${CARD_JSON} AS card, r.id, ${sortValue(sort)} AS sort_value${boosted ? ', r.boosted' : ''}
    FROM (${page}) r ORDER BY ${order}`;
}

/**
 * A page at an offset, its rows picked first and fetched after: `ids` answers the page's beats
 * by id (with `extra`, the default order's boost group), already ordered, offset and limited,
 * and only those beats are read whole. Skipping 480 rows then costs an index range
 * (index-only where an index covers the filters, beats_listed_created_at_idx for the default
 * order) instead of fetching 480 rows from the heap to throw them away. First pages read their
 * rows directly: there is nothing to skip, and a second lookup per row would only add to them.
 */
export function deferred(ids: string, extra = ''): string {
  return `SELECT ${CARD_COLUMNS}${extra ? `, k.${extra}` : ''} FROM (${ids}) k JOIN beats b ON b.id = k.id`;
}
