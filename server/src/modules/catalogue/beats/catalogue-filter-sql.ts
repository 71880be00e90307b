import type { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import type { Statement } from './catalogue-sort-sql';

/** Which beats a catalogue statement keeps: listed ones, the query's filters, featured and boosted. */

/**
 * Featured: the permanent flag, or a paid featured promotion that has not ended.
 * Compared with now(), so a promotion ends on time without any job rewriting the row.
 */
export const FEATURED = '(b.is_featured OR coalesce(b.featured_until > now(), false))';
/**
 * The same as a filter, where NULL counts as false anyway: written so that it implies the
 * predicate of the beats_listed_featured_* indexes (featured beats are few; those serve them).
 */
export const FEATURED_FILTER = '(b.is_featured OR b.featured_until > now())';
/** A paid boost that has not ended: first in the default browse order. */
export const BOOSTED = 'b.boosted_until > now()';
/** Its negation, written so the planner estimates it from the column's statistics (nearly all null). */
export const NOT_BOOSTED = '(b.boosted_until IS NULL OR b.boosted_until <= now())';

/**
 * What every list and search keeps to: a beat sold under an exclusive licence has left the
 * store, and so has a beat kept for its buyers after its producer deleted their
 * account.
 */
export const LISTED = ['b.sold_exclusive_at IS NULL', 'b.delisted_at IS NULL'];

/** LISTED, then the query's own filters. */
export function filters(st: Statement, q: BeatListQuery): string[] {
  const where = [...LISTED];
  if (q.genre) where.push(`b.genre = ${st.param(q.genre)}`);
  if (q.key) where.push(`b.key_signature = ${st.param(q.key)}`);
  if (q.mood) where.push(`b.mood = ${st.param(q.mood)}`);
  if (q.bpm_min !== undefined) where.push(`b.bpm >= ${st.param(q.bpm_min)}::int`);
  if (q.bpm_max !== undefined) where.push(`b.bpm <= ${st.param(q.bpm_max)}::int`);
  if (q.price_min !== undefined) where.push(`b.lowest_price_cents >= ${st.param(q.price_min)}::int`);
  if (q.price_max !== undefined) where.push(`b.lowest_price_cents <= ${st.param(q.price_max)}::int`);
  if (q.duration_min !== undefined) where.push(`b.duration_seconds >= ${st.param(q.duration_min)}::int`);
  if (q.duration_max !== undefined) where.push(`b.duration_seconds <= ${st.param(q.duration_max)}::int`);
  // The permanent flag (seed, admins) or a paid featured promotion running now.
  if (q.featured) where.push(FEATURED_FILTER);
  if (q.free) where.push('b.is_free');
  return where;
}
