import pg from 'pg';
import { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import { createBeatsSearchRepository } from '../server/src/modules/catalogue/beats/beats-search.repository';
import { RELEVANCE_QUERIES } from '../server/test/search-relevance';
import { cpuMicros } from './process-cpu';

/**
 * The search statements alone, without HTTP: each term of the bench's search mix run through
 * the search repository on one connection of a loaded catalogue database (a kept
 * BENCH_DATABASE of the catalogue bench), with the CPU µs its PostgreSQL backend and this
 * process spent per search. The quick loop while changing a statement:
 *
 *   tsx bench/catalogue-search-statements.ts <database> [runs] [--explain]
 *
 * --explain prints each statement's plan with its timings and buffers instead (EXPLAIN ANALYZE).
 * TERMS=a,b runs only those searches. /proc counts CPU in 10 ms ticks: at ~3 ms a search, 150
 * runs keep a figure within ~2 %; on a shared machine, compare two versions in one sitting.
 */
const [database = 'beatroom_search_100k', runsArg = '60'] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'));
const EXPLAIN = process.argv.includes('--explain');
const RUNS = Number(runsArg);
const TERMS = process.env.TERMS ? process.env.TERMS.split(',') : RELEVANCE_QUERIES.slice(0, 12);

async function main() {
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:5432/${database}`,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  await client.connect();
  const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const repo = createBeatsSearchRepository({
    async prepared<T>(name: string | undefined, text: string, values: unknown[]) {
      if (EXPLAIN) {
        const plan = await client.query<{ 'QUERY PLAN': string }>({
          text: `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS) ${text}`,
          values,
        });
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return (await client.query(name && !EXPLAIN ? { name, text, values } : { text, values })).rows as T[];
    },
  });
  let dbTotal = 0;
  let ownTotal = 0;
  for (const term of TERMS) {
    const q = BeatListQuery.parse({ search: term });
    if (EXPLAIN) {
      console.log(`\n=== ${term}`);
      await repo.list(q);
      continue;
    }
    for (let i = 0; i < 5; i++) await repo.list(q);
    const db0 = cpuMicros(backend)!;
    const own0 = process.cpuUsage();
    let rows = 0;
    for (let i = 0; i < RUNS; i++) rows = (await repo.list(q)).length;
    const own = process.cpuUsage(own0);
    const dbUs = (cpuMicros(backend)! - db0) / RUNS;
    const ownUs = (own.user + own.system) / RUNS;
    dbTotal += dbUs;
    ownTotal += ownUs;
    console.log(
      `${term.padEnd(16)} ${rows} rows  db ${dbUs.toFixed(0).padStart(6)} µs  client ${ownUs.toFixed(0).padStart(5)} µs`,
    );
  }
  if (!EXPLAIN)
    console.log(
      `mean over the mix: db ${(dbTotal / TERMS.length).toFixed(0)} µs, client ${(ownTotal / TERMS.length).toFixed(0)} µs`,
    );
  await client.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
