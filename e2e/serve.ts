import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each end-to-end run starts from an empty embedded database in a temporary folder.
const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-e2e-'));
process.env.DATA_DIR = dataDir;
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.once('exit', cleanup);

const { main } = await import('../server/src/main');
await main();
