import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: runs every bench/*.bench.ts in name order, each in its own Node process so
 * one benchmark's memory and sockets never colour the next. Benchmarks print figures; they do
 * not pass or fail on timings. `npm run bench -- <name>` runs those whose name contains it.
 */
const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
/**
 * Runs only when asked by name: the soak takes 10 minutes (BENCH_SOAK_MINUTES), too long for
 * every `npm run bench`. `npm run bench -- soak`.
 */
const ON_REQUEST = ['soak.ts'];
const files = [
  ...readdirSync(dir).filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only))),
  ...(only ? ON_REQUEST.filter((name) => name.includes(only)) : []),
].sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed ? 1 : 0);
