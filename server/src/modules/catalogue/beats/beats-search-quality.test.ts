import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers';
import { loadRelevanceCatalogue, relevanceBeatNumber } from '../../../../test/relevance-catalogue';
import { PAGE, RELEVANCE_QUERIES, relevanceLine, summarise } from '../../../../test/search-relevance';

/**
 * Search quality, not speed: the first page of each query of the relevance set, on the
 * relevance catalogue, against the reference ranking (every match ranked exhaustively, as
 * search ranked before it took shortcuts). The shortcuts may reorder a page a little; they must
 * keep mean nDCG@10 at 0.97 or more and no query below 0.85.
 *
 * RECORD_SEARCH_REFERENCE=1 writes the reference from the current search instead: only ever
 * with an exhaustive ranking.
 */
const FIXTURE = new URL('../../../../test/fixtures/search-relevance-reference.json', import.meta.url);

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { BEAT_LIST_CACHE_MS: '0' });
  const session = await t.app.db.session();
  try {
    await loadRelevanceCatalogue(session);
  } finally {
    await session.release();
  }
}, 300_000);
afterAll(async () => t?.close());

async function firstPage(query: string): Promise<number[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/beats?${new URLSearchParams({ search: query, limit: String(PAGE) })}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((b) => relevanceBeatNumber(b.id));
}

describe('search relevance against the exhaustive ranking', () => {
  it('keeps mean nDCG@10 >= 0.97 and every query >= 0.85', async () => {
    const ranked: Record<string, number[]> = {};
    for (const query of RELEVANCE_QUERIES) ranked[query] = await firstPage(query);
    if (process.env.RECORD_SEARCH_REFERENCE === '1') {
      const lines = Object.entries(ranked).map(
        ([q, top]) => `  ${JSON.stringify(q)}: ${JSON.stringify(top)}`,
      );
      writeFileSync(FIXTURE, `{\n${lines.join(',\n')}\n}\n`);
    }
    const reference = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, number[]>;
    expect(Object.keys(reference).toSorted()).toEqual([...RELEVANCE_QUERIES].toSorted());
    // The set must mean something: most queries find a full page.
    expect(Object.values(reference).filter((top) => top.length === PAGE).length).toBeGreaterThan(40);
    const summary = summarise(reference, ranked);
    console.log(`${relevanceLine(summary)}, mean recall@10 ${summary.meanRecall.toFixed(3)}`);
    for (const q of summary.perQuery.filter((q) => q.ndcg < 1))
      console.log(`  ${q.query}: nDCG@10 ${q.ndcg.toFixed(3)}, recall@10 ${q.recall.toFixed(2)}`);
    expect(summary.meanNdcg).toBeGreaterThanOrEqual(0.97);
    for (const q of summary.perQuery) expect(q.ndcg, q.query).toBeGreaterThanOrEqual(0.85);
  });
});
