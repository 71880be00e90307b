// Generates the Prisma client offline. Prisma 7's CLI insists on a schema engine binary it
// would download; `generate` never runs it, so pointing it at /bin/true keeps us offline.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
let cli;
try {
  cli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
} catch {
  // A production install (`npm ci --omit=dev`) has no Prisma CLI; the compiled server it runs
  // (server/dist) already contains the client generated where it was built.
  console.log('The Prisma CLI is not installed (production install): the client is not generated.');
  process.exit(0);
}
const result = spawnSync(process.execPath, [cli, 'generate'], {
  cwd: serverDir,
  stdio: 'inherit',
  timeout: 120_000,
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
