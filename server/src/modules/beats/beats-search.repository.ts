import { createHash } from 'node:crypto';
import type { BeatCard, BeatListQuery } from '@beatroom/shared/beat-list-contract';
import type { BeatSort } from '@beatroom/shared/catalogue-constants';
import type { Database, PreparedOptions } from '../../db/database';

/**
 * The catalogue browse and search queries: the hottest statements of the server. They are
 * plain SQL text with $n parameters, run as named prepared statements on PostgreSQL (one name
 * per distinct text, so each connection parses a filter combination once) and as the same text
 * on PGlite, so both databases answer the same rows in the same order. Each row comes back as
 * its card's JSON, written by the database: the server neither parses eighteen columns per row
 * nor serialises them again (together about a third of an uncached page's CPU).
 */

/** A statement being written: SQL text and its parameters, `$n` numbered as they are added. */
class Statement {
  readonly values: unknown[] = [];
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /**
   * A page size or offset, written into the text: with LIMIT $n PostgreSQL costs a generic plan
   * for an unknown row count, finds it dearer than the custom ones and plans every execution
   * again (0.1-0.4 ms each); with the number in the text it keeps one plan per statement.
   * Only validated integers come here.
   */
  count(value: number): string {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
    return String(value);
  }
}

/**
 * Each sort as its column of beats and directions, served by an index of the catalogue
 * migrations: a backward scan of (created_at DESC, id) gives created_at ASC, id DESC, hence the
 * tie-breaker directions. The id tie-breaker makes pages stable when values repeat, and keyset pages exact.
 */
const SORTS: Record<BeatSort, { column: string; desc: boolean; idDesc: boolean }> = {
  newest: { column: 'created_at', desc: true, idDesc: false },
  oldest: { column: 'created_at', desc: false, idDesc: true },
  popular: { column: 'play_count', desc: true, idDesc: false },
  downloads: { column: 'download_count', desc: true, idDesc: false },
  price_low: { column: 'price_cents', desc: false, idDesc: false },
  price_high: { column: 'price_cents', desc: true, idDesc: true },
};

function orderBy(sort: BeatSort, table = 'b'): string {
  const s = SORTS[sort];
  return `${table}.${s.column} ${s.desc ? 'DESC' : 'ASC'}, ${table}.id ${s.idDesc ? 'DESC' : 'ASC'}`;
}

/**
 * Whether a row comes before another in the sort's order, each given as its value of the sort's
 * column and its id.
 */
function sortsBefore(
  sort: BeatSort,
  a: { value: string; id: string },
  b: { value: string; id: string },
): string {
  const s = SORTS[sort];
  return `(${a.value} ${s.desc ? '>' : '<'} ${b.value}
    OR (${a.value} = ${b.value} AND ${a.id} ${s.idDesc ? '>' : '<'} ${b.id}))`;
}

/** The sort's value of a row `r` of CARD_COLUMNS, as a cursor keeps it. */
function sortValue(sort: BeatSort): string {
  const { column } = SORTS[sort];
  return column === 'created_at'
    ? `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `r.${column}`;
}

/**
 * A page statement (rows of CARD_COLUMNS, already ordered and limited) answered as CardRows, in
 * its order, `order` naming its columns as `r`: the JSON is written for the page's rows only.
 */
function asCards(page: string, sort: BeatSort, order: string, boosted = false): string {
  return `SELECT ${CARD_JSON} AS card, r.id, ${sortValue(sort)} AS sort_value${boosted ? ', r.boosted' : ''}
    FROM (${page}) r ORDER BY ${order}`;
}

/**
 * Where a keyset page starts: after the beat `id` whose sort value is `value`; for the default
 * order, also whether that beat was among the boosted ones listed first.
 */
export interface ListAfter {
  value: string | number;
  id: string;
  boosted?: boolean;
}

/**
 * Rows strictly after `after` in the sort's order: rows `after` sorts before. The first,
 * redundant comparison is the one an index range scan can start from.
 */
function afterCondition(st: Statement, sort: BeatSort, after: ListAfter): string {
  const s = SORTS[sort];
  const cast = s.column === 'created_at' ? '::timestamptz' : '::int';
  const start = { value: `${st.param(after.value)}${cast}`, id: `${st.param(after.id)}::uuid` };
  const row = { value: `b.${s.column}`, id: 'b.id' };
  return `${row.value} ${s.desc ? '<' : '>'}= ${start.value} AND ${sortsBefore(sort, start, row)}`;
}

/**
 * Featured: the permanent flag, or a paid featured promotion that has not ended (issue 10).
 * Compared with now(), so a promotion ends on time without any job rewriting the row.
 */
const FEATURED = '(b.is_featured OR coalesce(b.featured_until > now(), false))';
/**
 * The same as a filter, where NULL counts as false anyway: written so that it implies the
 * predicate of the beats_listed_featured_* indexes (featured beats are few; those serve them).
 */
const FEATURED_FILTER = '(b.is_featured OR b.featured_until > now())';
/** A paid boost that has not ended: first in the default browse order (issue 10). */
const BOOSTED = 'b.boosted_until > now()';
/** Its negation, written so the planner estimates it from the column's statistics (nearly all null). */
const NOT_BOOSTED = '(b.boosted_until IS NULL OR b.boosted_until <= now())';

/**
 * The card's fields that change without an edit of the beat, as the expressions that give them:
 * a paid featured promotion ends with time, plays and downloads count up. Every other BeatCard
 * field is stored as JSON in beats.card_head, written by the database when the beat is written
 * (migration 20261127160000_beat_card_head): building a page's JSON from the columns on every
 * list was 60 % of a list statement's database time.
 */
const LIVE_CARD_FIELDS = {
  is_featured: FEATURED,
  play_count: 'b.play_count',
  download_count: 'b.download_count',
} satisfies Partial<Record<keyof BeatCard, string>>;

/** A row `r` of CARD_COLUMNS as its card's JSON: the stored head, the live fields, the brace. */
const CARD_JSON = [
  'r.card_head',
  ...Object.keys(LIVE_CARD_FIELDS).map((field) => `',"${field}":' || r.${field}::text`),
  `'}'`,
].join(' || ');

/**
 * What a card is made from, each named as the contract names it, and the columns every sort
 * orders by (created_at also for the next page's cursor).
 */
const CARD_COLUMNS = [
  'b.id',
  'b.card_head',
  ...Object.entries(LIVE_CARD_FIELDS).map(([field, sql]) =>
    sql === `b.${field}` ? sql : `${sql} AS ${field}`,
  ),
  'b.price_cents',
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
 * The text a search is finely ranked against, written per candidate: a stored generated column
 * saved only ~3 % of a search. beats.search_signature is computed from this very text, in its
 * migration: the two change together (beats-relevance.test.ts checks every bound against it).
 */
export const TRIGRAM_TEXT = `lower(b.title || ' ' || b.producer_name || ' ' || b.genre || ' ' || coalesce(b.mood, ''))`;

/**
 * An upper bound of word_similarity(search, TRIGRAM_TEXT) that costs a few bit operations
 * instead of the trigrams of the text, from beats.search_signature (migration
 * 20261127210000_beat_search_signature): the search's trigrams hashed to 256 bits, `g` being
 * query_trigrams. A similarity is the share of the search's trigrams found in one stretch of the
 * text, at most the share found anywhere in it; a trigram whose bit is not in the beat's
 * signature is not in its text. Trigrams of the search that share a bit are all counted as
 * found (`collided`), so the bound holds however they hash. Divided in real, as pg_trgm does,
 * so a beat whose every such trigram is found bounds its similarity by exactly the value it
 * would compute. Most candidates of a partial word or of several words are then left out
 * without their similarity: "velv" matches 500 beats that all score 0.8 at most.
 */
export const SIMILARITY_BOUND =
  '((bit_count(b.search_signature & g.mask) + g.collided)::real / g.trigrams::real)';

/**
 * The search's trigrams for SIMILARITY_BOUND, `term` being its SQL: their signature, how many
 * there are, and how many of them share a bit of the signature with another.
 */
export function queryTrigrams(term: string): string {
  return `SELECT q.mask, greatest(q.n, 1) AS trigrams, q.n - bit_count(q.mask) AS collided
    FROM (SELECT beat_trigram_signature(${term}) AS mask, cardinality(show_trgm(${term})) AS n) q`;
}

/** Trigram search needs three characters to use its index; shorter terms use word prefixes only. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * What every list and search keeps to: a beat sold under an exclusive licence has left the
 * store (money.md §9), and so has a beat kept for its buyers after its producer deleted their
 * account.
 */
const LISTED = ['b.sold_exclusive_at IS NULL', 'b.delisted_at IS NULL'];

/** LISTED, then the query's own filters. */
function filters(st: Statement, q: BeatListQuery): string[] {
  const where = [...LISTED];
  if (q.genre) where.push(`b.genre = ${st.param(q.genre)}`);
  if (q.key) where.push(`b.key_signature = ${st.param(q.key)}`);
  if (q.mood) where.push(`b.mood = ${st.param(q.mood)}`);
  if (q.bpm_min !== undefined) where.push(`b.bpm >= ${st.param(q.bpm_min)}::int`);
  if (q.bpm_max !== undefined) where.push(`b.bpm <= ${st.param(q.bpm_max)}::int`);
  if (q.price_min !== undefined) where.push(`b.price_cents >= ${st.param(q.price_min)}::int`);
  if (q.price_max !== undefined) where.push(`b.price_cents <= ${st.param(q.price_max)}::int`);
  if (q.duration_min !== undefined) where.push(`b.duration_seconds >= ${st.param(q.duration_min)}::int`);
  if (q.duration_max !== undefined) where.push(`b.duration_seconds <= ${st.param(q.duration_max)}::int`);
  // The permanent flag (seed, admins) or a paid featured promotion running now (issue 10).
  if (q.featured) where.push(FEATURED_FILTER);
  if (q.free) where.push('b.is_free');
  return where;
}

/** The words of a search, lower-cased: letters and digits only, at most 8. */
export function searchWords(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** How many beats a search ranks finely (trigram similarity) for its first pages. */
const SEARCH_CANDIDATES = 500;
/**
 * How many of the best entries of the leading word are read when other words or filters must
 * also hold: enough that a page of beats survives them, few enough to stay an index range.
 */
const NARROWED_CANDIDATES = 2000;
/** Lexemes one typed word may stand for (its prefix and inner-part matches), shortest first. */
const TERMS_PER_WORD = 64;

/**
 * The lexemes of the vocabulary a typed word stands for, as an SQL condition on `v.term`: the
 * word as a prefix ("velv" → velvet), its English stem ("melodies" → melodi, as the
 * description is indexed), and for three letters or more any lexeme containing it ("ergea" →
 * sergeant), as the trigram match on the fields did before.
 */
function wordTerms(st: Statement, word: string): string {
  const conditions = [
    `v.term LIKE ${st.param(`${escapeLike(word)}%`)}`,
    `v.term = ANY (tsvector_to_array(to_tsvector('english', ${st.param(word)})))`,
  ];
  if (word.length >= TRIGRAM_MIN_LENGTH) conditions.push(`v.term LIKE ${st.param(`%${escapeLike(word)}%`)}`);
  return `SELECT v.term FROM beat_search_vocabulary v WHERE ${conditions.join(' OR ')}
    ORDER BY length(v.term), v.term LIMIT ${TERMS_PER_WORD}`;
}

/**
 * Search through the term index (issue 11), keeping the ranking it replaced. A beat's rank for
 * a typed word is the sum of the ts_ranks of the lexemes the word stands for (as ts_rank sums
 * the matches of a prefix): title above producer, genre and mood, above the description.
 * Several words must all match (an English stop word such as "with" only counts where
 * present), ranked by the mean of their ranks. Each word reads its best entries from the
 * index in rank order, newest first among equals, so a broad word costs as little as a rare
 * one: the whole result for a single word, and with several words (or filters) the best
 * NARROWED_CANDIDATES entries of each lexeme, together, which is every match unless a word is
 * very broad. The best candidates are then ranked finely by trigram word similarity
 * to the whole search, as before, and the chosen sort breaks ties. On the pinned catalogue
 * (beats-relevance.test.ts) this gives exactly the results, in order, of ranking every match.
 */
function searchStatement(st: Statement, q: BeatListQuery & { search: string }, where: string[]): string {
  const words = searchWords(q.search);
  const filtered = where.length > LISTED.length;
  const candidates = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
  const lead = words.reduce((best, w, i) => (w.length > words[best]!.length ? i : best), 0);
  const others = words.map((w, i) => ({ w, i })).filter(({ i }) => i !== lead);
  const perTerm = filtered || others.length ? Math.max(NARROWED_CANDIDATES, candidates) : candidates;
  // A word's best entries, per lexeme it stands for, tagged with the word's number.
  const entries = (i: number) => `SELECT ${i} AS w, p.beat_id, p.rank, p.created_at
    FROM (${wordTerms(st, words[i]!)}) t CROSS JOIN LATERAL (
      SELECT s.beat_id, s.rank, s.created_at FROM beat_search_terms s WHERE s.term = t.term
      ORDER BY s.rank DESC, s.created_at DESC, s.beat_id LIMIT ${st.count(perTerm)}) p`;
  const wordRanks = [lead, ...others.map(({ i }) => i)];
  const branches = [entries(lead)];
  const ctes: string[] = [];
  for (const { w, i } of others) {
    branches.push(entries(i));
    // Materialized: inlined, a generic plan parses the word again for every beat that lacks
    // it (3,500 to_tsvector calls, a third of a two-word search).
    ctes.push(
      `s${i} AS MATERIALIZED (SELECT cardinality(tsvector_to_array(to_tsvector('english', ${st.param(w)}))) = 0 AS optional)`,
    );
  }
  // Each beat's rank for each word: the sum of its entries' ranks, added in the order they are
  // read, in one aggregation of all the words' entries. (One aggregation per word, joined,
  // cost ~20 % more for two words: "warm keys" 4.3-5.5 ms against 3.7-4.1 at 100,000 beats.)
  // A word a beat lacks has no rank (null).
  ctes.unshift(`p AS (SELECT p.beat_id,
      ${wordRanks.map((i) => `sum(p.rank) FILTER (WHERE p.w = ${i}) AS r${i}`).join(', ')},
      max(p.created_at) AS created_at
    FROM (${branches.join(' UNION ALL ')}) p GROUP BY p.beat_id)`);
  const joins = others.map(({ i }) => `CROSS JOIN s${i}`);
  const required = [
    `p.r${lead} IS NOT NULL`,
    ...others.map(({ i }) => `(p.r${i} IS NOT NULL OR s${i}.optional)`),
  ];
  const rank = [`p.r${lead}`, ...others.map(({ i }) => `coalesce(p.r${i}, 0)`)].join(' + ');
  const beatsJoin = filtered ? 'JOIN beats b ON b.id = p.beat_id' : '';
  const conditions = [...required, ...(filtered ? where : [])];
  // Numbered in their order (the window reads them already sorted), so the fine ranking below
  // takes the first ones and the rest by number instead of sorting them twice again.
  const order = 'text_rank DESC, created_at DESC, beat_id';
  ctes.push(`candidates AS (SELECT c.*, row_number() OVER (ORDER BY ${order}) AS n FROM (
    SELECT p.beat_id, (${rank}) / ${words.length} AS text_rank, p.created_at
    FROM p ${beatsJoin} ${joins.join(' ')}
    WHERE ${conditions.join(' AND ')}
    ORDER BY ${order}
    LIMIT ${st.count(candidates)}) c)`);
  // The fine ranking, without computing it for candidates that cannot reach the page: word
  // similarity adds at most 1, so once as many candidates as the page reaches are scored, a
  // later one (whose text rank is no higher) matters only if its text rank + 1 could place it
  // before the last row the page needs, and then only if its text rank + its own bound
  // (SIMILARITY_BOUND) still could. For a whole word found in a broad field (a genre, a
  // producer), in the default order, the first ones all score their rank + 1 and the rest is
  // skipped; for a partial word or several words the bound skips most of the rest. The answer
  // is the same. (Scoring a fixed 100 first, as before, only scored ~50 more for nothing: 8 %
  // of a search.)
  const term = st.param(q.search.toLowerCase());
  const reach = q.offset + q.limit;
  const first = st.count(reach);
  // Each candidate ranked by its id and the sort's value only; the page's beats are read whole
  // after (deferred), not the candidates'.
  const sortColumn = SORTS[q.sort].column;
  const scored = (which: string, from = 'candidates c') => `SELECT b.id, b.${sortColumn},
      c.text_rank + word_similarity(${term}, ${TRIGRAM_TEXT}) AS score
    FROM ${from} JOIN beats b ON b.id = c.beat_id
    WHERE ${[which, ...where].join(' AND ')}`;
  ctes.push(`ranked_first AS (${scored(`c.n <= ${first}`)})`);
  // The last row the page reaches among those, in the page's order. A later candidate is
  // scored only if, given the best similarity (1), it would come before that row, its sort
  // value and id deciding an equal score: scores tie often (a whole word scores 1 in many
  // beats), and sorted by price or plays, a later candidate may win the tie. Sorted by upload
  // time, the candidate's own columns decide it before its beat is read.
  ctes.push(`threshold AS (SELECT f.score, f.id, f.${sortColumn} FROM ranked_first f
    ORDER BY f.score DESC, ${orderBy(q.sort, 'f')} OFFSET ${st.count(reach - 1)} LIMIT 1)`);
  const candidate =
    sortColumn === 'created_at'
      ? { value: 'c.created_at', id: 'c.beat_id' }
      : { value: `b.${sortColumn}`, id: 'b.id' };
  // Whether a candidate whose similarity is at most `bound` could still come before that row.
  const couldReach = (bound: string) => `(t.score IS NULL OR c.text_rank + ${bound} > t.score
    OR (c.text_rank + ${bound} = t.score
      AND ${sortsBefore(q.sort, candidate, { value: `t.${sortColumn}`, id: 't.id' })}))`;
  ctes.push(`query_trigrams AS MATERIALIZED (${queryTrigrams(term)})`);
  // First the bound any similarity has (1), from the candidate alone; then the beat's own bound
  // from its trigram signature, before its similarity is computed.
  const rest = [`c.n > ${first}`, couldReach('1'), couldReach(SIMILARITY_BOUND)].join(' AND ');
  ctes.push(
    `ranked_rest AS (${scored(rest, 'candidates c LEFT JOIN threshold t ON true CROSS JOIN query_trigrams g')})`,
  );
  const chosen = `WITH ${ctes.join(',\n')}
    SELECT * FROM (SELECT * FROM ranked_first UNION ALL SELECT * FROM ranked_rest) b
    ORDER BY b.score DESC, ${orderBy(q.sort)}
    LIMIT ${st.count(q.limit)} OFFSET ${st.count(q.offset)}`;
  return asCards(deferred(chosen, 'score'), q.sort, `r.score DESC, ${orderBy(q.sort, 'r')}`);
}

/** LIMIT and OFFSET of a page; a keyset page (`after`) starts where its cursor says instead. */
function pageWindow(st: Statement, q: BeatListQuery, after?: ListAfter): string {
  return after ? `LIMIT ${st.count(q.limit)}` : `LIMIT ${st.count(q.limit)} OFFSET ${st.count(q.offset)}`;
}

/**
 * A page at an offset, its rows picked first and fetched after: `ids` answers the page's beats
 * by id (with `extra`, the default order's boost group), already ordered, offset and limited,
 * and only those beats are read whole. Skipping 480 rows then costs an index range
 * (index-only where an index covers the filters, beats_listed_created_at_idx for the default
 * order) instead of fetching 480 rows from the heap to throw them away. First pages read their
 * rows directly: there is nothing to skip, and a second lookup per row would only add to them.
 */
function deferred(ids: string, extra = ''): string {
  return `SELECT ${CARD_COLUMNS}${extra ? `, k.${extra}` : ''} FROM (${ids}) k JOIN beats b ON b.id = k.id`;
}

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
