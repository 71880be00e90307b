import { BEAT_SORT_VALUES, type BeatSort } from '@beatroom/shared/catalogue-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeatListQuery, NEXT_CURSOR_HEADER } from '@beatroom/shared/beat-list-contract';
import {
  beatId,
  beatNumber,
  FIXED_BEATS,
  loadFixedCatalogue,
  type FixedBeat,
} from '../../../../test/fixed-catalogue';
import { createTestApp } from '../../../../test/helpers';
import { createBeatsSearchRepository } from './beats-search.repository';

/**
 * Filtered pages, pinned: every filter combination of the bench in every sort,
 * page by page, is exactly what the catalogue's rules give (worked out here in plain code
 * from the fixed catalogue), whatever indexes and statements serve it. Ties are frequent in
 * the fixture, so the id tie-breakers are pinned too.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let catalogue: FixedBeat[];
beforeAll(async () => {
  t = await createTestApp({}, { BEAT_LIST_CACHE_MS: '0' });
  catalogue = await loadFixedCatalogue(t.app);
});
afterAll(async () => t?.close());

type Filters = Record<string, string>;

const COMBINATIONS: Filters[] = [
  {},
  { genre: 'Trap' },
  { genre: 'Hip-Hop', bpm_min: '80', bpm_max: '100' },
  { free: 'true' },
  { featured: 'true' },
  { mood: 'Dark', key: 'C#' },
  { price_min: '500', price_max: '2000' },
  { genre: 'R&B', mood: 'Chill', duration_max: '180' },
  { duration_min: '150', key: 'A' },
  { mood: 'Chill' },
];

function matches(b: FixedBeat, f: Filters): boolean {
  const num = (name: string) => (f[name] === undefined ? undefined : Number(f[name]));
  const within = (value: number | null, min?: number, max?: number) =>
    (min === undefined || (value !== null && value >= min)) &&
    (max === undefined || (value !== null && value <= max));
  return (
    (!f.genre || b.genre === f.genre) &&
    (!f.mood || b.mood === f.mood) &&
    (!f.key || b.key === f.key) &&
    (f.free !== 'true' || b.isFree) &&
    (f.featured !== 'true' || b.isFeatured) &&
    within(b.bpm, num('bpm_min'), num('bpm_max')) &&
    within(b.priceCents, num('price_min'), num('price_max')) &&
    within(b.durationSeconds, num('duration_min'), num('duration_max'))
  );
}

const SORTS: Record<BeatSort, (a: FixedBeat, b: FixedBeat) => number> = {
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.n - b.n,
  oldest: (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || b.n - a.n,
  popular: (a, b) => b.playCount - a.playCount || a.n - b.n,
  downloads: (a, b) => b.downloadCount - a.downloadCount || a.n - b.n,
  price_low: (a, b) => a.priceCents - b.priceCents || a.n - b.n,
  price_high: (a, b) => b.priceCents - a.priceCents || b.n - a.n,
};

function expected(f: Filters, sort: BeatSort): number[] {
  return catalogue
    .filter((b) => matches(b, f))
    .sort(SORTS[sort])
    .map((b) => b.n);
}

async function page(query: Filters) {
  const res = await t.app.inject({ method: 'GET', url: `/api/beats?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return { numbers: (res.json() as { id: string }[]).map((b) => beatNumber(b.id)), res };
}

describe('filtered pages on the fixed catalogue', () => {
  it.each(COMBINATIONS.flatMap((f) => BEAT_SORT_VALUES.map((sort) => [f, sort] as const)))(
    '%j sort=%s: the same rows in the same order, page by page',
    async (filters, sort) => {
      const all = expected(filters, sort);
      const got: number[] = [];
      for (let offset = 0; offset <= all.length; offset += 25) {
        const { numbers } = await page({ ...filters, sort, limit: '25', offset: String(offset) });
        got.push(...numbers);
        if (numbers.length < 25) break;
      }
      expect(got).toEqual(all);
    },
  );

  it('answers the same pages when PostgreSQL must read them through the catalogue indexes', async () => {
    // The fixture is small enough that PostgreSQL reads the table whole. Without sequential
    // scans it takes the partial indexes of listed beats and checks the filters they hold in
    // the index: that must not change an answer, first pages and deep pages alike.
    const session = await t.app.db.session();
    try {
      await session.exec('SET enable_seqscan = off');
      const repo = createBeatsSearchRepository({
        prepared: async <T>(_name: string | undefined, text: string, values: unknown[]) =>
          (await session.query(text, values)) as T[],
      });
      const numbers = async (query: Filters) =>
        (await repo.list(BeatListQuery.parse(query))).map((r) => beatNumber(r.id));
      for (const filters of COMBINATIONS) {
        for (const sort of BEAT_SORT_VALUES) {
          const all = expected(filters, sort);
          const what = `${JSON.stringify(filters)} sort=${sort}`;
          expect(await numbers({ ...filters, sort, limit: '100' }), what).toEqual(all.slice(0, 100));
          expect(await numbers({ ...filters, sort, limit: '10', offset: '10' }), what).toEqual(
            all.slice(10, 20),
          );
        }
      }
      const plan = await session.query(
        "EXPLAIN SELECT id FROM beats b WHERE b.sold_exclusive_at IS NULL AND b.delisted_at IS NULL AND b.mood = 'Dark' AND b.key_signature = 'C#' ORDER BY b.lowest_price_cents, b.id LIMIT 10",
      );
      expect(JSON.stringify(plan)).toMatch(/beats_listed_mood_price_idx/);
    } finally {
      await session.exec('RESET enable_seqscan');
      await session.release();
    }
  });
});

describe('cursor pages', () => {
  let added = 0;
  /** A new beat between two page requests, newest of all, with sort values across the range. */
  async function insertBeat() {
    added++;
    const n = FIXED_BEATS + added;
    const owner = await t.app.db.prisma.beat.findFirstOrThrow({ select: { userId: true } });
    await t.app.db.prisma.beat.create({
      data: {
        id: beatId(n),
        userId: owner.userId,
        title: `Inserted ${n}`,
        genre: 'Trap',
        mood: 'Dark',
        keySignature: 'C#',
        bpm: 90,
        priceCents: (added % 9) * 500,
        isFree: added % 9 === 0,
        durationSeconds: 120,
        playCount: (added * 7) % 60,
        downloadCount: added % 4,
        audioFileKey: `audio/inserted-${n}.mp3`,
        producerName: 'Inserted',
      },
    });
  }

  it.each(COMBINATIONS.slice(0, 6).flatMap((f) => BEAT_SORT_VALUES.map((sort) => [f, sort] as const)))(
    '%j sort=%s: every beat once, in order, while beats are added between pages',
    async (filters, sort) => {
      const before = expected(filters, sort);
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 100; i++) {
        const { numbers, res } = await page({ ...filters, sort, limit: '20', ...(cursor ? { cursor } : {}) });
        seen.push(...numbers);
        await insertBeat();
        cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
        if (numbers.length < 20) expect(cursor).toBeUndefined();
        if (!cursor) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((n) => n <= FIXED_BEATS)).toEqual(before);
    },
  );

  it('lists boosted beats first in the default order, by offset and by cursor alike', async () => {
    const boosted = [7, 100, 200];
    await t.app.db.prisma.beat.updateMany({
      where: { id: { in: boosted.map(beatId) } },
      data: { boostedUntil: new Date(Date.now() + 86_400_000) },
    });
    // An ended boost counts for nothing.
    await t.app.db.prisma.beat.update({
      where: { id: beatId(150) },
      data: { boostedUntil: new Date(Date.now() - 1000) },
    });
    try {
      const rest = expected({}, 'newest').filter((n) => !boosted.includes(n));
      const all = [...boosted, ...rest];
      const byOffset: number[] = [];
      for (let offset = 0; ; offset += 2) {
        const { numbers } = await page({ limit: '2', offset: String(offset) });
        byOffset.push(...numbers);
        if (numbers.length < 2) break;
      }
      expect(byOffset.filter((n) => n <= FIXED_BEATS)).toEqual(all);
      const byCursor: number[] = [];
      let cursor: string | undefined;
      do {
        const { numbers, res } = await page({ limit: '2', ...(cursor ? { cursor } : {}) });
        byCursor.push(...numbers);
        cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      expect(byCursor.filter((n) => n <= FIXED_BEATS)).toEqual(all);
      expect(new Set(byCursor).size).toBe(byCursor.length);
    } finally {
      await t.app.db.prisma.beat.updateMany({ data: { boostedUntil: null } });
    }
  });

  it('answers the same page for a cursor as for the offset it stands for', async () => {
    const first = await page({ sort: 'price_low', limit: '30' });
    const cursor = first.res.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const byCursor = await page({ sort: 'price_low', limit: '30', cursor });
    const byOffset = await page({ sort: 'price_low', limit: '30', offset: '30' });
    expect(byCursor.numbers).toEqual(byOffset.numbers);
  });

  it('exposes the cursor header to other origins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/beats?limit=1',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.headers['access-control-expose-headers']).toMatch(new RegExp(NEXT_CURSOR_HEADER, 'i'));
  });

  it.each([
    [{ cursor: 'not a cursor!' }],
    [{ cursor: Buffer.from('[1,2]').toString('base64url') }],
    [{ cursor: Buffer.from(JSON.stringify(['popular', 10, beatId(1)])).toString('base64url') }],
    [{ cursor: Buffer.from(JSON.stringify(['newest', 'yesterday', beatId(1)])).toString('base64url') }],
    [
      {
        cursor: Buffer.from(JSON.stringify(['newest', new Date().toISOString(), 'x'])).toString('base64url'),
      },
    ],
    [
      {
        cursor: Buffer.from(JSON.stringify(['popular', 10, beatId(1)])).toString('base64url'),
        search: 'trap',
      },
    ],
  ])('400 naming cursor for %j', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/beats?${new URLSearchParams(query)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^cursor: /);
  });
});
