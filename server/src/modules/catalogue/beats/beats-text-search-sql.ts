import type { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import { asCards, deferred } from './beat-card-sql';
import { LISTED } from './catalogue-filter-sql';
import { orderBy, SORTS, sortsBefore, type Statement } from './catalogue-sort-sql';
import { wholeWordSearch } from './beats-search-whole-word-sql';

/**
 * The catalogue's text search as one statement: the typed words looked up in the term index,
 * the best candidates ranked finely by trigram similarity, the page's cards answered.
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
 * How many of the best entries of each lexeme are read when other words or filters must also
 * hold: enough that a page of beats survives them, few enough to stay an index range. Reading
 * them is most of a several-word search's cost; 2,000 found every match of the relevance set
 * (beats-search-quality.test.ts), 1,000 keeps mean nDCG@10 at 0.997 (the lowest query 0.888,
 * three words of which two are broad) for a fifth less database CPU per search, 500 drops
 * several two-word queries below 0.6.
 */
const NARROWED_CANDIDATES = 1000;
/** Lexemes one typed word may stand for (its prefix and inner-part matches), shortest first. */
const TERMS_PER_WORD = 64;

/**
 * The lexemes of the vocabulary a typed word stands for, as an SQL condition on `v.term`: the
 * word as a prefix ("velv" → velvet), its English stem ("melodies" → melodi, as the
 * description is indexed), and for three letters or more any lexeme containing it ("ergea" →
 * sergeant), as the trigram match on the fields did before.
 */
export function wordTerms(st: Statement, word: string): string {
  const conditions = [
    `v.term LIKE ${st.param(`${escapeLike(word)}%`)}`,
    `v.term = ANY (tsvector_to_array(to_tsvector('english', ${st.param(word)})))`,
  ];
  if (word.length >= TRIGRAM_MIN_LENGTH) conditions.push(`v.term LIKE ${st.param(`%${escapeLike(word)}%`)}`);
  return `SELECT v.term FROM beat_search_vocabulary v WHERE ${conditions.join(' OR ')}
    ORDER BY length(v.term), v.term LIMIT ${TERMS_PER_WORD}`;
}

/**
 * Search through the term index, keeping the ranking it replaced. A beat's rank for
 * a typed word is the sum of the ts_ranks of the lexemes the word stands for (as ts_rank sums
 * the matches of a prefix): title above producer, genre and mood, above the description.
 * Several words must all match (an English stop word such as "with" only counts where
 * present), ranked by the mean of their ranks. Each word reads its best entries from the
 * index in rank order, newest first among equals, so a broad word costs as little as a rare
 * one: the whole result for a single word, and with several words (or filters) the best
 * NARROWED_CANDIDATES entries of each lexeme, together, which is every match unless a word is
 * very broad. The best candidates are then ranked finely by trigram word similarity
 * to the whole search, as before, and the chosen sort breaks ties. On the pinned catalogue
 * (beats-relevance.test.ts) this gives exactly the results, in order, of ranking every match;
 * on the larger relevance catalogue (beats-search-quality.test.ts) the first pages of
 * several broad words may differ a little from it, within the nDCG@10 bounds that test keeps.
 * One whole word in the default order is first answered from its lexeme's first entries
 * (beats-search-whole-word-sql.ts), the same page, this search running only when that cannot be
 * sure of it.
 */
export function searchStatement(
  st: Statement,
  q: BeatListQuery & { search: string },
  where: string[],
  /** Whether one whole word may take its shortcut (beats-search-whole-word-sql.ts); tests compare. */
  options: { shortcut?: boolean } = {},
): string {
  const words = searchWords(q.search);
  const filtered = where.length > LISTED.length;
  const candidates = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
  const lead = words.reduce((best, w, i) => (w.length > words[best]!.length ? i : best), 0);
  const others = words.map((w, i) => ({ w, i })).filter(({ i }) => i !== lead);
  const perTerm = filtered || others.length ? Math.max(NARROWED_CANDIDATES, candidates) : candidates;
  const term = st.param(q.search.toLowerCase());
  const similarity = `word_similarity(${term}, ${TRIGRAM_TEXT})`;
  const reach = q.offset + q.limit;
  const window = `LIMIT ${st.count(q.limit)} OFFSET ${st.count(q.offset)}`;
  const ctes: string[] = [];
  // One word in the default order: its lexemes read once, by the shortcut and the full search.
  const wholeWord =
    options.shortcut !== false && words.length === 1 && !filtered && q.sort === 'newest'
      ? wholeWordSearch({ word: st.param(words[0]!), reach, similarity, listed: where, window })
      : null;
  if (wholeWord) ctes.push(`t0 AS MATERIALIZED (${wordTerms(st, words[0]!)})`, ...wholeWord.ctes);
  // A word's best entries, per lexeme it stands for, tagged with the word's number.
  const entries = (i: number) => `SELECT ${i} AS w, p.beat_id, p.rank, p.created_at
    FROM ${wholeWord ? 't0' : `(${wordTerms(st, words[i]!)})`} t CROSS JOIN LATERAL (
      SELECT s.beat_id, s.rank, s.created_at FROM beat_search_terms s WHERE s.term = t.term
      ORDER BY s.rank DESC, s.created_at DESC, s.beat_id LIMIT ${st.count(perTerm)}) p`;
  const wordRanks = [lead, ...others.map(({ i }) => i)];
  const branches = [entries(lead)];
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
  ctes.push(`p AS (SELECT p.beat_id,
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
  const first = st.count(reach);
  // Each candidate ranked by its id and the sort's value only; the page's beats are read whole
  // after (deferred), not the candidates'. (Carrying the card's columns instead cost the same.)
  const sortColumn = SORTS[q.sort].column;
  const scored = (which: string, from = 'candidates c') => `SELECT b.id, b.${sortColumn},
      c.text_rank + ${similarity} AS score
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
  const full = `SELECT * FROM (SELECT * FROM ranked_first UNION ALL SELECT * FROM ranked_rest) b
    ORDER BY b.score DESC, ${orderBy(q.sort)} ${window}`;
  // With the shortcut (which reads the page's beats itself), the full search runs only when the
  // shortcut did not hold.
  const page = wholeWord
    ? `(${wholeWord.page}) UNION ALL (${deferred(`SELECT * FROM (${full}) b WHERE ${wholeWord.fallBack}`, 'score')})`
    : deferred(full, 'score');
  return asCards(`WITH ${ctes.join(',\n')} ${page}`, q.sort, `r.score DESC, ${orderBy(q.sort, 'r')}`);
}
