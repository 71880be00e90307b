import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import { beatId, beatNumber, loadFixedCatalogue } from '../../../../test/fixed-catalogue';
import { createTestApp } from '../../../../test/helpers';
import type { CardRow } from './beat-card-sql';
import { filters, LISTED } from './catalogue-filter-sql';
import { Statement } from './catalogue-sort-sql';
import { wholeWordSearch } from './beats-search-whole-word-sql';
import { TRIGRAM_TEXT } from './beats-search-fine-ranking-sql';
import { searchStatement, wordTerms } from './beats-text-search-sql';

/**
 * The whole-word shortcut (beats-search-whole-word-sql.ts) answers a one-word search from the
 * first entries of its lexeme when no unread entry can enter the page, and leaves it to the
 * full search otherwise: either way the page must be the full search's, beat for beat.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { BEAT_LIST_CACHE_MS: '0' });
  await loadFixedCatalogue(t.app);
});
afterAll(async () => t?.close());

async function page(query: Record<string, string>, shortcut: boolean): Promise<number[]> {
  const q = BeatListQuery.parse(query);
  const st = new Statement();
  const text = searchStatement(st, { ...q, search: q.search! }, filters(st, q), { shortcut });
  return (await t.app.db.prepared<CardRow>(undefined, text, st.values)).map((r) => beatNumber(r.id));
}

/** Whether the shortcut holds for a page of a one-word search (else the full search answers). */
async function holds(search: string, p: { limit: string; offset: string }): Promise<boolean> {
  const st = new Statement();
  const similarity = `word_similarity(${st.param(search)}, ${TRIGRAM_TEXT})`;
  const reach = Number(p.limit) + Number(p.offset);
  const ww = wholeWordSearch({ word: st.param(search), reach, similarity, listed: LISTED, window: '' });
  const text = `WITH t0 AS MATERIALIZED (${wordTerms(st, search)}), ${ww.ctes.join(', ')}
    SELECT holds FROM ww_holds`;
  const [row] = await t.app.db.prepared<{ holds: boolean }>(undefined, text, st.values);
  return row!.holds;
}

// Whole words of titles, producers, genres and moods (the shortcut holds: every beat read scores
// its rank + 1), words found only in descriptions or standing for several lexemes or for a
// stem (it falls back), a prefix, a number, and a word no beat has.
const WORDS = ['trap', 'midnight', 'ghost', 'dark', 'chill', 'drill', 'nova', 'keys', 'drums', 'guitar'];
const MORE = ['melodies', 'beat', 'velv', '808', '42', 'zqxj'];
const PAGES = [
  { limit: '5', offset: '0' },
  { limit: '5', offset: '5' },
  { limit: '10', offset: '0' },
  { limit: '48', offset: '0' },
  { limit: '20', offset: '40' },
];

describe('the whole-word shortcut', () => {
  it('answers every page as the full search does', async () => {
    let compared = 0;
    const held = new Set<string>();
    for (const search of [...WORDS, ...MORE]) {
      for (const p of PAGES) {
        const full = await page({ search, ...p }, false);
        expect(await page({ search, ...p }, true), `${search} ${JSON.stringify(p)}`).toEqual(full);
        compared += full.length;
        if (await holds(search, p)) held.add(search);
      }
    }
    expect(compared).toBeGreaterThan(500);
    // It answered the whole words of the named fields, and only words that are their own lexeme.
    expect([...held].toSorted()).toEqual(
      expect.arrayContaining(['chill', 'dark', 'ghost', 'midnight', 'trap']),
    );
    for (const word of ['melodies', 'beat', 'velv']) expect(held.has(word), word).toBe(false);
  });

  it('leaves out beats that left the store, as the full search does', async () => {
    const [first, second] = await page({ search: 'trap', limit: '5', offset: '0' }, true);
    await t.app.db.prisma.beat.update({
      where: { id: beatId(first!) },
      data: { soldExclusiveAt: new Date() },
    });
    await t.app.db.prisma.beat.update({ where: { id: beatId(second!) }, data: { delistedAt: new Date() } });
    for (const p of PAGES) {
      const shortcut = await page({ search: 'trap', ...p }, true);
      expect(shortcut).not.toContain(first);
      expect(shortcut).not.toContain(second);
      expect(shortcut, JSON.stringify(p)).toEqual(await page({ search: 'trap', ...p }, false));
    }
  });
});
