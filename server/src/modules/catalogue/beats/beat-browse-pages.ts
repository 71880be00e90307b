import type { BeatCard, BeatListQuery } from '@beatroom/shared/beat-list-contract';
import type { BeatsSearchRepository } from './beats-search.repository';
import { cacheKey, createListCache } from './list-cache';
import { decodeCursor, encodeCursor } from './list-cursor';

/**
 * A browse page: its cards as the JSON array the route answers (written by the database, see
 * beats-search.repository), and the cursor of the next page when this one is full.
 */
export interface BeatPage {
  json: string;
  nextCursor: string | null;
}

/**
 * The catalogue's browse pages, answered from a short-lived cache: every change to the catalogue
 * calls `clear` so no page outlives what it lists by more than the cache's lifetime.
 */
export function createBeatBrowsePages(deps: {
  search: BeatsSearchRepository;
  /** How long a browse page may be answered from memory; 0 turns the cache off. */
  listCacheMs: number;
}) {
  const pages = createListCache<BeatPage>({ ttlMs: deps.listCacheMs });
  const parsedCards = new WeakMap<BeatPage, readonly BeatCard[]>();

  async function loadPage(query: BeatListQuery): Promise<BeatPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.sort, query.cursor);
    const rows = await deps.search.list(query, after);
    const last = rows.at(-1);
    // Search pages are ranked, not sorted by a column: they page by offset only.
    const nextCursor =
      last && rows.length === query.limit && !query.search ? encodeCursor(query.sort, last) : null;
    // Frozen: the cache hands the same page to every caller, and the route keys its compressed
    // bytes on it.
    return Object.freeze({ json: `[${rows.map((row) => row.card).join(',')}]`, nextCursor });
  }

  /**
   * A browse page. A cached page is the very same frozen object each time, which lets the route
   * reuse its compressed bytes; callers must not modify it.
   */
  function list(query: BeatListQuery): Promise<BeatPage> {
    // Without the cache, not even its key is worth making.
    if (deps.listCacheMs <= 0) return loadPage(query);
    return pages.get(cacheKey(query), () => loadPage(query));
  }

  return {
    list,

    /**
     * A browse page's cards as objects, for screens the server renders itself (home's first
     * screen, on every visit): parsed once per page object, so a page the cache answers again is
     * not parsed again.
     */
    async cards(query: BeatListQuery): Promise<readonly BeatCard[]> {
      const page = await list(query);
      let cards = parsedCards.get(page);
      if (!cards) {
        cards = Object.freeze(JSON.parse(page.json) as BeatCard[]);
        parsedCards.set(page, cards);
      }
      return cards;
    },

    /** Forgets every cached page. */
    clear(): void {
      pages.clear();
    },
  };
}
