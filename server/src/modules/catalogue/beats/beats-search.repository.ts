import { createHash } from 'node:crypto';
import type { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import type { Database, PreparedOptions } from '../../../db/database';
import { asCards, CARD_COLUMNS, deferred, type CardRow } from './beat-card-sql';
import { BOOSTED, filters, NOT_BOOSTED } from './catalogue-filter-sql';
import { afterCondition, orderBy, pageWindow, Statement, type ListAfter } from './catalogue-sort-sql';
import { searchStatement, searchWords } from './beats-text-search-sql';

/**
 * The catalogue browse and search queries: the hottest statements of the server. They are
 * plain SQL text with $n parameters, run as named prepared statements on PostgreSQL (one name
 * per distinct text, so each connection parses a filter combination once) and as the same text
 * on PGlite, so both databases answer the same rows in the same order. Each row comes back as
 * its card's JSON, written by the database: the server neither parses eighteen columns per row
 * nor serialises them again (together about a third of an uncached page's CPU).
 */

/**
 * The default order (newest, no search): beats with a running boost first, newest first among
 * them, then every other beat newest first; filters apply to both. Two index scans in one
 * statement (the boosted are few) instead of an ORDER BY on the boost, which no index serves.
 * A keyset page after a boosted beat continues the boosted ones, then all the others; after
 * another beat, only the others. (A boost ending between two pages moves its beat to the
 * other group: it may then be listed once more, or not again. Boosts last days.)
 */
function boostedFirst(st: Statement, q: BeatListQuery, where: string[], after?: ListAfter): string {
  const groups: string[] = [];
  const reach = st.count(after ? q.limit : q.offset + q.limit);
  const skips = !after && q.offset > 0;
  const columns = skips ? 'b.id, b.created_at' : CARD_COLUMNS;
  const group = (boosted: boolean, conditions: string[]) =>
    `(SELECT ${columns}, ${boosted} AS boosted FROM beats b
      WHERE ${[...where, boosted ? BOOSTED : NOT_BOOSTED, ...conditions].join(' AND ')}
      ORDER BY ${orderBy('newest')} LIMIT ${reach})`;
  if (!after || after.boosted) groups.push(group(true, after ? [afterCondition(st, 'newest', after)] : []));
  groups.push(group(false, after && !after.boosted ? [afterCondition(st, 'newest', after)] : []));
  const chosen = `SELECT * FROM (${groups.join(' UNION ALL ')}) b
    ORDER BY b.boosted DESC, b.created_at DESC, b.id ASC ${pageWindow(st, q, after)}`;
  const page = skips ? deferred(chosen, 'boosted') : chosen;
  return asCards(page, 'newest', 'r.boosted DESC, r.created_at DESC, r.id ASC', true);
}

/**
 * Each connection keeps the statements it prepared, with their plans, until it closes. Page
 * sizes and offsets are written into the text, so the texts are many: past this many, new
 * texts run unnamed (parsed and planned each time, as any other statement) instead of growing
 * every connection's memory without bound.
 */
const MAX_NAMED_STATEMENTS = 500;

/** Statement names by text: a name must always stand for the same text on a connection. */
const names = new Map<string, string>();
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED_STATEMENTS) {
    name = `beats_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** The catalogue browse query: filters, sort, text search and a page, and never a COUNT(*). */
export function createBeatsSearchRepository(db: Pick<Database, 'prepared'>) {
  const run = (text: string, st: Statement, options?: PreparedOptions) =>
    db.prepared<CardRow>(nameOf(text), text, st.values, options);
  return {
    /** One page; `after` (keyset) replaces the offset and is not combined with search. */
    list(q: BeatListQuery, after?: ListAfter): Promise<CardRow[]> {
      const st = new Statement();
      const where = filters(st, q);
      if (!q.search && q.sort === 'newest') return run(boostedFirst(st, q, where, after), st);
      if (!q.search) {
        if (after) where.push(afterCondition(st, q.sort, after));
        const skips = !after && q.offset > 0;
        const chosen = `SELECT ${skips ? 'b.id' : CARD_COLUMNS} FROM beats b
          WHERE ${where.join(' AND ')} ORDER BY ${orderBy(q.sort)} ${pageWindow(st, q, after)}`;
        const page = skips ? deferred(chosen) : chosen;
        return run(asCards(page, q.sort, orderBy(q.sort, 'r')), st);
      }
      if (!searchWords(q.search).length) return Promise.resolve([]);
      const text = searchStatement(st, { ...q, search: q.search }, where);
      // Planned once per connection: PostgreSQL would plan it again for each search's values
      // (~1 ms, half the statement), and the generic plan is as good: the words are looked up
      // through the vocabulary's trigram index, which takes a pattern known only at execution.
      return run(text, st, { plan: 'generic' });
    },
  };
}

export type BeatsSearchRepository = ReturnType<typeof createBeatsSearchRepository>;
