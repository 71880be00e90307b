import type { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import type { Beat } from '@beatroom/shared/beats-contract';
import type { BeatSort } from '@beatroom/shared/catalogue-constants';
import { BEAT_COLUMNS, toBeat, type BeatRecord } from '../../db/beat-columns';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';

/**
 * Each sort, written so an index of the catalogue migration serves it: a backward scan of
 * (created_at DESC, id) gives created_at ASC, id DESC, hence the tie-breaker directions. The
 * id tie-breaker makes pages stable when values repeat.
 */
const ORDER_BY: Record<BeatSort, Prisma.Sql> = {
  newest: Prisma.sql`b.created_at DESC, b.id ASC`,
  oldest: Prisma.sql`b.created_at ASC, b.id DESC`,
  popular: Prisma.sql`b.play_count DESC, b.id ASC`,
  downloads: Prisma.sql`b.download_count DESC, b.id ASC`,
  price_low: Prisma.sql`b.price_cents ASC, b.id ASC`,
  price_high: Prisma.sql`b.price_cents DESC, b.id DESC`,
};

/** Exactly the expression of beats_search_trgm_idx, so the trigram index serves it. */
const TRIGRAM_TEXT = Prisma.sql`lower(b.title || ' ' || b.producer_name || ' ' || b.genre || ' ' || coalesce(b.mood, ''))`;

/** Trigram search needs three characters to use its index; shorter terms use word prefixes only. */
const TRIGRAM_MIN_LENGTH = 3;

function filters(q: BeatListQuery): Prisma.Sql[] {
  // A beat sold under an exclusive licence has left the store (money.md §9).
  const where: Prisma.Sql[] = [Prisma.sql`b.sold_exclusive_at IS NULL`];
  if (q.genre) where.push(Prisma.sql`b.genre = ${q.genre}`);
  if (q.key) where.push(Prisma.sql`b.key_signature = ${q.key}`);
  if (q.mood) where.push(Prisma.sql`b.mood = ${q.mood}`);
  if (q.bpm_min !== undefined) where.push(Prisma.sql`b.bpm >= ${q.bpm_min}`);
  if (q.bpm_max !== undefined) where.push(Prisma.sql`b.bpm <= ${q.bpm_max}`);
  if (q.price_min !== undefined) where.push(Prisma.sql`b.price_cents >= ${q.price_min}`);
  if (q.price_max !== undefined) where.push(Prisma.sql`b.price_cents <= ${q.price_max}`);
  if (q.duration_min !== undefined) where.push(Prisma.sql`b.duration_seconds >= ${q.duration_min}`);
  if (q.duration_max !== undefined) where.push(Prisma.sql`b.duration_seconds <= ${q.duration_max}`);
  if (q.featured) where.push(Prisma.sql`b.is_featured`);
  if (q.free) where.push(Prisma.sql`b.is_free`);
  return where;
}

/** `trap lo` → `trap:* & lo:*`: every word as a prefix. Only letters and digits reach to_tsquery. */
export function prefixTsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Candidates ranked by full-text relevance before the finer trigram ranking: ts_rank is cheap,
 * word_similarity is not, and a broad term ("trap") matches a quarter of the catalogue.
 */
const SEARCH_CANDIDATES = 500;

/**
 * Text search: full-text (English stemming over the description, word prefixes over every
 * field) OR a trigram-indexed substring match on title, producer, genre and mood for partial
 * words ("ergea" finds "Sergeant"). Ranking is ts_rank, then trigram word similarity among the
 * best candidates; the chosen sort breaks ties.
 */
function searchParts(search: string) {
  const term = search.toLowerCase();
  const prefix = prefixTsQuery(search);
  const tsQuery = prefix
    ? Prisma.sql`(websearch_to_tsquery('english', ${search}) || to_tsquery('simple', ${prefix}))`
    : Prisma.sql`websearch_to_tsquery('english', ${search})`;
  const matches: Prisma.Sql[] = [Prisma.sql`b.search_vector @@ ${tsQuery}`];
  let similarity = Prisma.sql`0`;
  if (term.length >= TRIGRAM_MIN_LENGTH) {
    matches.push(Prisma.sql`${TRIGRAM_TEXT} LIKE ${`%${escapeLike(term)}%`}`);
    similarity = Prisma.sql`word_similarity(${term}, ${TRIGRAM_TEXT})`;
  }
  return { tsQuery, match: Prisma.sql`(${Prisma.join(matches, ' OR ')})`, similarity };
}

/** The catalogue browse query: filters, sort, text search and a page, and never a COUNT(*). */
export function createBeatsSearchRepository(prisma: PrismaClient) {
  return {
    async list(q: BeatListQuery): Promise<Beat[]> {
      const where = filters(q);
      if (!q.search) {
        const whereSql = where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty;
        const rows = await prisma.$queryRaw<BeatRecord[]>`
          SELECT ${BEAT_COLUMNS} FROM beats b ${whereSql}
          ORDER BY ${ORDER_BY[q.sort]} LIMIT ${q.limit} OFFSET ${q.offset}`;
        return rows.map(toBeat);
      }
      const search = searchParts(q.search);
      where.push(search.match);
      const candidates = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
      const rows = await prisma.$queryRaw<BeatRecord[]>`
        WITH candidates AS (
          SELECT b.id, ts_rank(b.search_vector, ${search.tsQuery}) AS text_rank
          FROM beats b WHERE ${Prisma.join(where, ' AND ')}
          ORDER BY text_rank DESC, ${ORDER_BY[q.sort]}
          LIMIT ${candidates}
        )
        SELECT ${BEAT_COLUMNS} FROM candidates c JOIN beats b ON b.id = c.id
        ORDER BY c.text_rank + ${search.similarity} DESC, ${ORDER_BY[q.sort]}
        LIMIT ${q.limit} OFFSET ${q.offset}`;
      return rows.map(toBeat);
    },
  };
}

export type BeatsSearchRepository = ReturnType<typeof createBeatsSearchRepository>;
