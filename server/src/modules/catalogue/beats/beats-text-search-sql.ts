import type { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import { asCards, deferred } from './beat-card-sql';
import { LISTED } from './catalogue-filter-sql';
import { orderBy, type Statement } from './catalogue-sort-sql';
import { fineRanking, TRIGRAM_TEXT } from './beats-search-fine-ranking-sql';
import { wholeWordSearch } from './beats-search-whole-word-sql';

/**
 * The catalogue's text search as one statement: the typed words looked up in the term index,
 * the best candidates ranked finely by trigram similarity, the page's cards answered.
 */

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
  // The fine ranking (beats-search-fine-ranking-sql.ts): every candidate that could reach the
  // page, with its exact score.
  const fine = fineRanking({ st, sort: q.sort, where, term, reach });
  ctes.push(...fine.ctes);
  const full = `SELECT * FROM (${fine.ranked}) b
    ORDER BY b.score DESC, ${orderBy(q.sort)} ${window}`;
  // With the shortcut (which reads the page's beats itself), the full search runs only when the
  // shortcut did not hold.
  const page = wholeWord
    ? `(${wholeWord.page}) UNION ALL (${deferred(`SELECT * FROM (${full}) b WHERE ${wholeWord.fallBack}`, 'score')})`
    : deferred(full, 'score');
  return asCards(`WITH ${ctes.join(',\n')} ${page}`, q.sort, `r.score DESC, ${orderBy(q.sort, 'r')}`);
}
