import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadRelevanceCatalogue, relevanceBeatNumber } from '../server/test/relevance-catalogue';
import {
  PAGE,
  RELEVANCE_QUERIES,
  relevanceLine,
  summarise,
  type RelevanceSummary,
} from '../server/test/search-relevance';
import { benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';

const REFERENCE = new URL('../server/test/fixtures/search-relevance-reference.json', import.meta.url);

/**
 * Search quality beside its cost: the relevance catalogue (10,000 fixed beats) in a throwaway
 * database, the real server, the first page of every query of the relevance set against the
 * recorded exhaustive ranking (the same check as beats-search-quality.test.ts).
 */
export async function searchRelevance(): Promise<RelevanceSummary & { line: string }> {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-relevance-'));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    server = await startServer({ ...benchServerEnv(database.url, dataDir), BEAT_LIST_CACHE_MS: '0' });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await loadRelevanceCatalogue(client);
    } finally {
      await client.end();
    }
    const ranked: Record<string, number[]> = {};
    for (const query of RELEVANCE_QUERIES) {
      const params = new URLSearchParams({ search: query, limit: String(PAGE) });
      const res = await fetch(`${server.base}/api/beats?${params}`);
      if (!res.ok) throw new Error(`search ${query}: HTTP ${res.status}`);
      ranked[query] = ((await res.json()) as { id: string }[]).map((b) => relevanceBeatNumber(b.id));
    }
    const reference = JSON.parse(readFileSync(REFERENCE, 'utf8')) as Record<string, number[]>;
    const summary = summarise(reference, ranked);
    return { ...summary, line: relevanceLine(summary) };
  } finally {
    if (server) await stopServer(server.child);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
