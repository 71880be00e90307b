import type { BeatSort } from '@beatroom/shared/catalogue-constants';
import { orderBy, SORTS, sortsBefore, type Statement } from './catalogue-sort-sql';

/**
 * The fine ranking of a search's candidates: each candidate's text rank plus its trigram word
 * similarity to the whole search, computed for as few candidates as the page allows. The
 * candidates (`candidates`: beat_id, text_rank, created_at, n numbering them in text-rank
 * order, newest first among equals) come from the term index; the answer is every candidate
 * that could reach the page, with its exact score, as rows (id, the sort's column, score).
 */

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
 * would compute.
 */
export const SIMILARITY_BOUND =
  '((bit_count(b.search_signature & g.mask) + g.collided)::real / g.trigrams::real)';

/**
 * The exact form of SIMILARITY_BOUND (`shared` being SHARED_TRIGRAMS), from beats.search_trigrams (migration
 * 20261129170000_beat_search_trigram_hashes): how many of the search's trigrams the text holds,
 * each trigram compared by its 32-bit hash (intarray's intersection). Trigrams of the search
 * whose hashes are equal are counted as found (`hash_collided`), so it bounds however they hash.
 * Dearer than the signature's few bit operations (~1.5 µs against ~0.2), so it is checked only
 * where the signature lets a candidate through; but where the signature counts a beat's other
 * trigrams that happen to share a bit (a 13-trigram search finds some in ~86 % of beats), it
 * does not: a beat sharing one trigram with "sliding 808s" is bounded at 0.077, its similarity,
 * instead of 0.23-0.62, and only the few beats sharing several trigrams are scored.
 */
export const countBound = (shared: string) => `((${shared} + g.hash_collided)::real / g.trigrams::real)`;

/** How many of the search's trigram hashes (`g`) the beat `b` holds: computed once per candidate. */
export const SHARED_TRIGRAMS = 'cardinality(b.search_trigrams & g.hashes)';

/**
 * Whether countBound(shared) is the similarity itself: where a beat holds no trigram of the
 * search its similarity is 0, and where it holds exactly one, the best stretch of its text is
 * that trigram alone, 1 / (the search's trigrams), as pg_trgm divides it, in real. Only when no
 * two trigrams of the search share a hash, and the search has trigrams. (A trigram of the beat
 * whose 32-bit hash equals another's of the search, about one beat in ten million for a
 * two-word search, would be scored as holding it.) beats-relevance.test.ts checks it on every
 * beat of the fixed catalogue.
 */
export const boundIsSimilarity = (shared: string) => `(g.hash_collided = 0 AND g.n > 0 AND ${shared} <= 1)`;

/**
 * The search's trigrams for SIMILARITY_BOUND and countBound, `term` being its SQL:
 * their signature and hashes, how many there are, and how many of them share a bit of the
 * signature, or a hash, with another.
 */
export function queryTrigrams(term: string): string {
  return `SELECT q.mask, q.hashes, q.n, greatest(q.n, 1) AS trigrams, q.n - bit_count(q.mask) AS collided,
      q.n - cardinality(q.hashes) AS hash_collided
    FROM (SELECT beat_trigram_signature(${term}) AS mask, beat_trigram_hashes(${term}) AS hashes,
      cardinality(show_trgm(${term})) AS n) q`;
}

/**
 * Word similarity adds at most 1 to a text rank, and at most a beat's bounds (SIMILARITY_BOUND,
 * then the exact countBound), so a candidate is scored only where that could still place it on
 * the page, and where the count is the similarity itself (boundIsSimilarity), the count is its
 * score and pg_trgm is not asked. In three steps:
 *
 * 1. The first `reach` candidates in text-rank order are scored. The last row the page would
 *    reach among them (`threshold`) rules out, from the candidate alone, every later one whose
 *    text rank + 1 cannot pass it: for a whole word found in a broad field, in the default
 *    order, that is all of them, and no other beat is read.
 * 2. The others are read for their bound, and the `reach` with the best text rank + bound are
 *    scored. Their similarity is mostly near their bound, so with them the page's last row
 *    (`threshold_bounded`) is much higher than after step 1: for a partial word, several words
 *    or words of descriptions, whose first candidates score far below 1.
 * 3. The rest are scored only where their text rank + bound could pass that row.
 *
 * A candidate that belongs on the page comes before the page's last row, hence before or at the
 * last row of any of its subsets: no step leaves it out, and the page is the one scoring every
 * candidate would give. (Before step 2, step 3 followed step 1 directly: for "sliding 808s" the
 * threshold was a similarity of ~0.07 that nearly every candidate's bound passed.)
 */
export function fineRanking(opts: {
  st: Statement;
  sort: BeatSort;
  /** The conditions on the beat `b` (listed, the query's filters). */
  where: string[];
  /** The search's SQL (lower-cased). */
  term: string;
  /** How many rows the page reaches (offset + limit). */
  reach: number;
}): { ctes: string[]; ranked: string } {
  const { st, sort, where, term, reach } = opts;
  const first = st.count(reach);
  const last = st.count(reach - 1);
  const sortColumn = SORTS[sort].column;
  const ctes: string[] = [];
  // Each candidate ranked by its id and the sort's value only; the page's beats are read whole
  // after (deferred), not the candidates'. (Carrying the card's columns instead cost the same.)
  ctes.push(`ranked_first AS (SELECT b.id, b.${sortColumn},
      c.text_rank + word_similarity(${term}, ${TRIGRAM_TEXT}) AS score
    FROM candidates c JOIN beats b ON b.id = c.beat_id
    WHERE ${[`c.n <= ${first}`, ...where].join(' AND ')})`);
  // The last row the page reaches among `rows`, in the page's order: scores tie often (a whole
  // word scores 1 in many beats), and then the sort's value and id decide.
  const lastRow = (rows: string) => `SELECT f.score, f.id, f.${sortColumn} FROM (${rows}) f
    ORDER BY f.score DESC, ${orderBy(sort, 'f')} OFFSET ${last} LIMIT 1`;
  ctes.push(`threshold AS (${lastRow('SELECT * FROM ranked_first')})`);
  // Sorted by upload time, the candidate's own columns decide a tie before its beat is read.
  const candidate =
    sortColumn === 'created_at'
      ? { value: 'c.created_at', id: 'c.beat_id' }
      : { value: `b.${sortColumn}`, id: 'b.id' };
  const threshold = { value: `t.${sortColumn}`, id: 't.id' };
  // Whether a row whose score is at most `best` could still come before the threshold `t`.
  const couldReach = (best: string, row: { value: string; id: string }) => `(t.score IS NULL
    OR ${best} > t.score OR (${best} = t.score AND ${sortsBefore(sort, row, threshold)}))`;
  ctes.push(`query_trigrams AS MATERIALIZED (SELECT * FROM (${queryTrigrams(term)}) g)`);
  // Step 2's candidates with their best possible score (`reachable`) and the text they are
  // scored against, so that scoring them reads no beat again; numbered best first.
  // The shared trigrams are counted once per candidate, only for those the signature lets
  // through (OFFSET 0 keeps the planner from writing the count out again in each use).
  const signed = `SELECT b.id, b.${sortColumn}, c.text_rank, ${TRIGRAM_TEXT} AS named,
      ${SHARED_TRIGRAMS} AS shared
    FROM candidates c LEFT JOIN threshold t ON true CROSS JOIN query_trigrams g
      JOIN beats b ON b.id = c.beat_id
    WHERE ${[
      `c.n > ${first}`,
      couldReach('c.text_rank + 1', candidate),
      couldReach(`c.text_rank + ${SIMILARITY_BOUND}`, candidate),
      ...where,
    ].join(' AND ')} OFFSET 0`;
  ctes.push(`bounded AS MATERIALIZED (SELECT x.*,
      row_number() OVER (ORDER BY x.reachable DESC, ${orderBy(sort, 'x')}) AS m FROM (
    SELECT s.id, s.${sortColumn}, s.text_rank, s.named, s.text_rank + ${countBound('s.shared')} AS reachable,
      ${boundIsSimilarity('s.shared')} AS known
    FROM (${signed}) s LEFT JOIN threshold t ON true CROSS JOIN query_trigrams g
    WHERE ${couldReach(`s.text_rank + ${countBound('s.shared')}`, { value: `s.${sortColumn}`, id: 's.id' })}) x)`);
  // Where the bound is the similarity itself (boundIsSimilarity), it is the score: most of a
  // description or partial-word search's candidates share at most one trigram with it.
  const scoredBounded = (which: string, from = 'bounded x') => `SELECT x.id, x.${sortColumn},
      CASE WHEN x.known THEN x.reachable ELSE x.text_rank + word_similarity(${term}, x.named) END AS score
    FROM ${from} WHERE ${which}`;
  ctes.push(`ranked_second AS (${scoredBounded(`x.m <= ${first}`)})`);
  ctes.push(
    `threshold_bounded AS (${lastRow('SELECT * FROM ranked_first UNION ALL SELECT * FROM ranked_second')})`,
  );
  const rest = [`x.m > ${first}`, couldReach('x.reachable', { value: `x.${sortColumn}`, id: 'x.id' })].join(
    ' AND ',
  );
  ctes.push(`ranked_rest AS (${scoredBounded(rest, 'bounded x LEFT JOIN threshold_bounded t ON true')})`);
  return {
    ctes,
    ranked: `SELECT * FROM ranked_first UNION ALL SELECT * FROM ranked_second UNION ALL SELECT * FROM ranked_rest`,
  };
}
