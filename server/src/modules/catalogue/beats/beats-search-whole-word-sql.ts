import { CARD_COLUMNS } from './beat-card-sql';

/**
 * The shortcut of a search for one whole word, in the default order: the commonest search (a
 * word of a title, a producer, a genre, a mood), and the one whose first page is known from the
 * first entries of its lexeme alone, without gathering hundreds of candidates.
 *
 * When the word stands for exactly one lexeme, itself, a beat's text rank is its entry's rank,
 * so the term index lists the beats in text-rank order, newest first among equals: the order
 * the page breaks ties in. A beat's score is its text rank plus its trigram similarity to the
 * search, at most 1. The page's beats are read as the first `reach + 1` entries, scored as the
 * full search scores them, and kept when no unread entry can come before one of them: an unread
 * entry ranks no higher than the last one read (`last`), so it scores at most `last.rank + 1`,
 * and on an equal score it comes after every read beat that sorts before `last` in the page's
 * order. Where the word is whole in a title, a producer's name, a genre or a mood, every beat
 * read scores its rank + 1 and the check holds; otherwise (the word found only in descriptions,
 * say) it does not, and the full search answers instead, in the same statement. The answer is
 * the one ranking every match would give: the same as the full search's wherever its 500
 * candidates hold the page, which they do here.
 */

export interface WholeWordSearch {
  /** Common table expressions to add to the statement, after the word's lexemes (`t0`). */
  ctes: string[];
  /** The page's rows (CARD_COLUMNS and score), only when the shortcut holds (else none). */
  page: string;
  /** The condition under which the full search must answer instead: the shortcut did not hold. */
  fallBack: string;
}

/**
 * `word` is the word's SQL parameter, `reach` how many beats the page reaches (offset + limit),
 * `similarity` the full search's similarity of a beat `b` to the search, `listed` the conditions
 * a listed beat `b` meets.
 */
export function wholeWordSearch(opts: {
  word: string;
  reach: number;
  similarity: string;
  listed: string[];
  /** The page's LIMIT and OFFSET. */
  window: string;
}): WholeWordSearch {
  const { word, reach, similarity, listed, window } = opts;
  const ctes = [
    // The word itself is its only lexeme (no longer lexeme contains it, its stem is itself).
    `ww_term AS MATERIALIZED (SELECT min(t.term) AS term FROM t0 t
      HAVING count(*) = 1 AND min(t.term) = ${word})`,
    `ww_read AS MATERIALIZED (SELECT s.beat_id, s.rank, s.created_at FROM ww_term w CROSS JOIN LATERAL (
      SELECT s.beat_id, s.rank, s.created_at FROM beat_search_terms s WHERE s.term = w.term
      ORDER BY s.rank DESC, s.created_at DESC, s.beat_id LIMIT ${reach + 1}) s)`,
    // Scored exactly as the full search scores a candidate: its text rank (in double
    // precision, as the mean of the words' ranks is) plus the similarity.
    // With the card's columns: the page's beats are read once, here.
    `ww_page AS MATERIALIZED (SELECT ${CARD_COLUMNS}, r.rank::float8 + ${similarity} AS score
      FROM ww_read r JOIN beats b ON b.id = r.beat_id WHERE ${listed.join(' AND ')}
      ORDER BY score DESC, b.created_at DESC, b.id LIMIT ${reach})`,
    `ww_last AS (SELECT r.rank, r.created_at, r.beat_id FROM ww_read r
      ORDER BY r.rank, r.created_at, r.beat_id DESC LIMIT 1)`,
    // Holds when every entry was read, or the page is full and no unread entry can enter it.
    `ww_holds AS (SELECT EXISTS (SELECT 1 FROM ww_term) AND (
      (SELECT count(*) FROM ww_read) <= ${reach}
      OR ((SELECT count(*) FROM ww_page) = ${reach} AND NOT EXISTS (
        SELECT 1 FROM ww_page p CROSS JOIN ww_last l
        WHERE p.score < l.rank::float8 + 1
          OR (p.score = l.rank::float8 + 1
            AND (p.created_at < l.created_at OR (p.created_at = l.created_at AND p.id > l.beat_id)))))) AS holds)`,
  ];
  return {
    ctes,
    page: `SELECT p.* FROM ww_page p WHERE (SELECT holds FROM ww_holds)
      ORDER BY p.score DESC, p.created_at DESC, p.id ${window}`,
    fallBack: `NOT (SELECT holds FROM ww_holds)`,
  };
}
