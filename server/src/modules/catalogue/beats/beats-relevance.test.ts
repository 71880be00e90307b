import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEAT_SORT_VALUES } from '@beatroom/shared/catalogue-constants';
import { createBeat } from '../../../../test/catalogue';
import { beatId, beatNumber, FIXED_BEATS, loadFixedCatalogue } from '../../../../test/fixed-catalogue';
import { createTestApp, signIn } from '../../../../test/helpers';
import { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import { createBeatsSearchRepository } from './beats-search.repository';
import {
  boundIsSimilarity,
  countBound,
  queryTrigrams,
  SHARED_TRIGRAMS,
  SIMILARITY_BOUND,
  TRIGRAM_TEXT,
} from './beats-search-fine-ranking-sql';

/**
 * Search relevance, pinned: every result, in order, of the catalogue's ranking as it
 * was before search was made fast (full-text ts_rank + trigram word similarity, computed on
 * every match), recorded on the fixed catalogue on PGlite and PostgreSQL alike. Whole words,
 * prefixes ("velv"), inner parts of words ("ergea", "idnig"), several words ("neon dri"),
 * producer names, descriptions (English stems), moods and genres.
 */
const PINNED: [string, number[]][] = [
  [
    '808',
    [9, 13, 20, 26, 27, 50, 63, 70, 78, 97, 107, 115, 130, 157, 158, 168, 197, 206, 221, 223, 230, 232],
  ],
  [
    'midnight',
    [
      13, 20, 24, 30, 31, 39, 41, 42, 45, 53, 63, 66, 69, 79, 84, 90, 116, 132, 145, 168, 170, 173, 185, 192,
      200, 207, 218, 224, 234,
    ],
  ],
  [
    'trap',
    [
      216, 49, 78, 82, 94, 103, 213, 7, 8, 10, 22, 29, 75, 81, 96, 98, 104, 114, 124, 125, 132, 136, 137, 152,
      159, 163, 168, 171, 176, 189, 197, 202, 215, 232, 235, 238, 11, 166, 224, 3, 13, 14, 15, 19, 20, 23, 25,
      26, 31, 36, 46, 59, 64, 70, 72, 85, 92, 109, 116, 122, 128, 131, 140, 153, 157, 170, 175, 182, 190, 196,
      198, 208, 214, 227, 231, 240,
    ],
  ],
  [
    'nova beats',
    [
      4, 24, 26, 40, 44, 90, 119, 120, 146, 172, 174, 179, 182, 187, 189, 194, 197, 218, 221, 16, 22, 51, 60,
      98, 101, 108, 111, 144, 147, 150, 151, 152, 159, 164, 222, 65, 69, 19, 38, 39, 46, 63, 67, 79, 83, 88,
      92, 129, 168, 191, 192, 205, 230, 231, 235,
    ],
  ],
  ['neon dri', [73, 113, 146, 151, 55]],
  [
    'ghost',
    [
      3, 4, 9, 11, 12, 13, 21, 26, 33, 34, 36, 46, 51, 52, 53, 55, 56, 58, 62, 71, 77, 83, 87, 91, 100, 101,
      112, 126, 135, 139, 141, 150, 154, 156, 164, 166, 177, 190, 192, 193, 194, 205, 206, 223, 226, 237,
    ],
  ],
  [
    'velv',
    [
      23, 35, 51, 58, 74, 83, 93, 96, 105, 108, 120, 129, 135, 137, 141, 160, 162, 166, 175, 177, 187, 188,
      206, 212, 219, 221, 228, 237, 238,
    ],
  ],
  [
    'sliding 808s',
    [13, 27, 50, 63, 70, 115, 157, 168, 230, 9, 20, 26, 78, 97, 107, 130, 158, 197, 206, 221, 223, 232],
  ],
  [
    'empire',
    [
      1, 17, 32, 39, 40, 60, 67, 72, 74, 89, 90, 97, 109, 117, 128, 129, 131, 134, 148, 160, 169, 178, 185,
      195, 204, 218, 224, 240,
    ],
  ],
  ['lucid dreams', [28, 214]],
  ['warm keys', [11, 32, 58, 64, 88, 92, 103, 112, 125, 128, 146, 160, 167, 172, 189, 203, 205, 220, 228]],
  [
    'kairo',
    [
      10, 12, 14, 23, 28, 30, 35, 41, 42, 53, 54, 56, 66, 73, 75, 82, 96, 117, 121, 134, 135, 139, 149, 154,
      155, 169, 186, 204, 209, 223, 234, 237,
    ],
  ],
  ['savage riot', [80, 201]],
  [
    'ergea',
    [
      27, 42, 44, 48, 50, 54, 63, 68, 70, 79, 95, 102, 108, 115, 133, 144, 162, 165, 172, 180, 182, 186, 198,
      199, 203, 209, 210, 217, 220,
    ],
  ],
  [
    'idnig',
    [
      13, 20, 24, 30, 31, 39, 41, 42, 45, 53, 63, 66, 69, 79, 84, 90, 116, 132, 145, 168, 170, 173, 185, 192,
      200, 207, 218, 224, 234,
    ],
  ],
  [
    'nebula',
    [
      13, 27, 37, 52, 58, 62, 77, 84, 89, 102, 106, 107, 109, 113, 125, 137, 143, 167, 173, 178, 193, 199,
      202, 203, 206, 228, 232, 233,
    ],
  ],
  ['dark', [29, 120, 135, 175, 22, 45, 102, 111, 118, 124, 144, 152, 165, 170, 180, 184, 199, 209, 75, 115]],
  ['melodies', []],
  [
    'drums',
    [
      19, 25, 28, 31, 38, 86, 138, 187, 191, 198, 229, 234, 33, 135, 175, 7, 8, 40, 54, 65, 69, 71, 82, 122,
      127, 140, 162, 185, 188, 192, 216, 235, 238,
    ],
  ],
  [
    'lord',
    [
      3, 11, 25, 31, 64, 70, 72, 103, 122, 128, 131, 140, 153, 166, 170, 196, 198, 208, 213, 216, 224, 227,
      240,
    ],
  ],
  [
    'sergeant',
    [
      27, 42, 44, 48, 50, 54, 63, 68, 70, 79, 95, 102, 108, 115, 133, 144, 162, 165, 172, 180, 182, 186, 198,
      199, 203, 209, 210, 217, 220,
    ],
  ],
  ['crimson ghost', [12, 34, 46, 77]],
  [
    'dj',
    [
      13, 27, 37, 52, 58, 62, 77, 84, 89, 102, 106, 107, 109, 113, 125, 137, 143, 167, 173, 178, 193, 199,
      202, 203, 206, 228, 232, 233,
    ],
  ],
  [
    'no',
    [
      4, 16, 19, 22, 24, 26, 36, 38, 39, 40, 44, 45, 46, 47, 51, 60, 63, 65, 67, 69, 79, 81, 83, 88, 90, 92,
      98, 101, 108, 111, 116, 119, 120, 129, 144, 146, 147, 150, 151, 152, 159, 164, 165, 168, 172, 174, 179,
      182, 183, 184, 187, 189, 191, 192, 194, 197, 205, 211, 218, 221, 222, 225, 226, 230, 231, 235,
    ],
  ],
  [
    'a',
    [
      9, 187, 8, 24, 27, 34, 57, 66, 79, 83, 96, 107, 160, 177, 191, 213, 215, 228, 230, 7, 35, 38, 44, 45,
      51, 67, 70, 89, 95, 98, 103, 104, 111, 112, 131, 148, 155, 162, 178, 186, 201, 207, 210, 226, 239, 97,
      174,
    ],
  ],
];

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // No list cache: some writes here go straight to the database, as an exclusive sale does.
  t = await createTestApp({}, { BEAT_LIST_CACHE_MS: '0' });
  await loadFixedCatalogue(t.app);
});
afterAll(async () => t?.close());

async function search(term: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ search: term, limit: '100', ...extra });
  const res = await t.app.inject({ method: 'GET', url: `/api/beats?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((b) => beatNumber(b.id));
}

describe('search relevance on the fixed catalogue', () => {
  it.each(PINNED)('%s: the same beats in the same order', async (term, expected) => {
    expect(await search(term)).toEqual(expected);
  });

  it('ranks the same on pages of 5, where most candidates are skipped unscored', async () => {
    // Only as many candidates as the page reaches are sure to be scored finely; later ones
    // only when they could still reach it. Small pages skip the most: it must change nothing.
    const repo = createBeatsSearchRepository(t.app.db);
    for (const [term, expected] of PINNED) {
      for (const page of [
        { limit: '100', offset: '0' },
        { limit: '5', offset: '0' },
        { limit: '5', offset: '5' },
      ]) {
        const rows = await repo.list(BeatListQuery.parse({ search: term, ...page }));
        const from = Number(page.offset);
        expect(
          rows.map((r) => beatNumber(r.id)),
          `${term} ${JSON.stringify(page)}`,
        ).toEqual(expected.slice(from, from + Number(page.limit)));
      }
    }
  });

  it('pages the same ranking in every sort, where equal scores are ordered by the sort', async () => {
    // Sorted by price or plays, the sort orders beats of equal score (a whole word scores 1 in
    // many beats), so a candidate after the first ones scored may still tie into the page. A
    // page of 100 scores every candidate here (no pinned term matches 100 beats): the whole
    // ranking, which pages of 5 must follow.
    const repo = createBeatsSearchRepository(t.app.db);
    const ids = async (query: Record<string, string>) =>
      (await repo.list(BeatListQuery.parse(query))).map((r) => beatNumber(r.id));
    for (const sort of BEAT_SORT_VALUES.filter((sort) => sort !== 'newest')) {
      for (const [term, pinned] of PINNED) {
        const whole = await ids({ search: term, sort, limit: '100' });
        expect(whole.toSorted(), `${term} by ${sort}`).toEqual(pinned.toSorted());
        for (const offset of [0, 5, 10]) {
          expect(
            await ids({ search: term, sort, limit: '5', offset: String(offset) }),
            `${term} by ${sort} from ${offset}`,
          ).toEqual(whole.slice(offset, offset + 5));
        }
      }
    }
  });

  it("bounds each beat's similarity from its trigrams, never below it", async () => {
    // A candidate whose bound cannot reach the page is left out unscored: a bound below the
    // similarity would drop a beat from its place. Every pinned term and a few harder ones
    // (accents, capitals, punctuation, a word no beat has) against every beat.
    const terms = [
      ...PINNED.map(([term]) => term),
      'velvet fire',
      'ÉCHO',
      'naïve café',
      "o'neil",
      '808s & keys!',
      'zqxj',
    ];
    const session = await t.app.db.session();
    try {
      const [counts] = await session.query<{
        pairs: number;
        below: number;
        equal: number;
        bounded: number;
        countBelow: number;
        knownWrong: number;
        known: number;
      }>(
        `SELECT count(*)::int AS pairs,
           count(*) FILTER (WHERE x.similarity > x.bound)::int AS below,
           count(*) FILTER (WHERE x.similarity > 0 AND x.similarity = x.bound)::int AS equal,
           count(*) FILTER (WHERE x.bound < 1)::int AS bounded,
           count(*) FILTER (WHERE x.similarity > x.counted)::int AS "countBelow",
           count(*) FILTER (WHERE x.known AND x.similarity <> x.counted)::int AS "knownWrong",
           count(*) FILTER (WHERE x.known)::int AS known
         FROM (SELECT word_similarity(s.term, ${TRIGRAM_TEXT}) AS similarity, ${SIMILARITY_BOUND} AS bound,
             ${countBound(SHARED_TRIGRAMS)} AS counted, ${boundIsSimilarity(SHARED_TRIGRAMS)} AS known
           FROM unnest($1::text[]) s(term) CROSS JOIN LATERAL (${queryTrigrams('s.term')}) g
           CROSS JOIN beats b) x`,
        [terms],
      );
      expect(counts!.pairs).toBeGreaterThanOrEqual(FIXED_BEATS * terms.length);
      expect(counts!.below).toBe(0);
      // The exact count bounds as well, and where it is taken for the similarity, it is it.
      expect(counts!.countBelow).toBe(0);
      expect(counts!.knownWrong).toBe(0);
      expect(counts!.known).toBeGreaterThan(counts!.pairs * 0.5);
      // Where every trigram is found, the bound is the very value pg_trgm computes (both in
      // real), so equal scores still tie as they should.
      expect(counts!.equal).toBeGreaterThan(0);
      // And it bounds: most beats share few trigrams with a search.
      expect(counts!.bounded).toBeGreaterThan(counts!.pairs * 0.9);
    } finally {
      await session.release();
    }
  });

  it('pages through the same ranking', async () => {
    const all = PINNED.find(([term]) => term === 'trap')![1];
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 20) {
      pages.push(...(await search('trap', { limit: '20', offset: String(offset) })));
    }
    expect(pages).toEqual(all);
  });

  it('filters search results like any other page', async () => {
    const all = await search('ghost');
    const trap = await search('ghost', { genre: 'Trap' });
    expect(trap.length).toBeGreaterThan(0);
    expect(trap.length).toBeLessThan(all.length);
    // The filtered answer keeps the ranking's order among the beats it keeps.
    expect(all.filter((n) => trap.includes(n))).toEqual(trap);
  });
});

describe('the search index follows every write', () => {
  async function found(term: string): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/beats?${new URLSearchParams({ search: term })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }[]).map((b) => b.id);
  }

  it('finds a created beat, its edited words and not its old ones, its new producer name, and nothing once deleted', async () => {
    const { agent, user } = await signIn(t.app, 'zephyr@example.com');
    const id = await createBeat(agent, { title: 'Zephyrine Cascade', description: 'Glittering arpeggios' });
    expect(await found('zephyrine')).toEqual([id]);
    expect(await found('cascad')).toEqual([id]);
    expect(await found('arpeggio')).toEqual([id]);

    const edit = await agent.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { title: 'Obsidian Cascade', description: null },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('zephyrine')).toEqual([]);
    expect(await found('arpeggio')).toEqual([]);
    expect(await found('obsidian cascade')).toEqual([id]);

    await t.app.db.prisma.profile.update({
      where: { userId: user.id },
      data: { displayName: 'Quasar Quill' },
    });
    await t.app.beats.refreshProducerName(user.id);
    expect(await found('quasar')).toEqual([id]);

    expect((await agent.request({ method: 'DELETE', url: `/api/beats/${id}` })).statusCode).toBe(204);
    expect(await found('obsidian')).toEqual([]);
    expect(
      await t.app.db.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM beat_search_terms WHERE beat_id = ${id}::uuid`,
    ).toEqual([{ n: 0 }]);
  });

  it('drops a beat sold exclusively from search', async () => {
    const [first] = await search('savage riot');
    const id = beatId(first!);
    await t.app.db.prisma.beat.update({ where: { id }, data: { soldExclusiveAt: new Date() } });
    expect(await search('savage riot')).not.toContain(first);
  });
});
