import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each end-to-end run starts from an empty embedded database in a temporary folder.
const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-e2e-'));
process.env.DATA_DIR = dataDir;
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.once('exit', cleanup);

// A server a test worker started (support/journey-server.ts) ends with the worker: its pipe to us
// closes however the worker ends, a kill included, and SIGTERM takes the usual orderly shutdown.
if (process.env.E2E_EXIT_WITH_STDIN === '1') {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}

const { main } = await import('../server/src/main');
await main();
