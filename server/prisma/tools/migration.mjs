// `npm run db:migration -- <name>` writes prisma/migrations/<stamp>_<name>/migration.sql from the
// difference between the schema as of the last migration (last-schema.prisma) and schema.prisma.
//
// Why Prisma 6: Prisma 7's `migrate diff` needs a native schema engine downloaded from the
// internet. Prisma 6.19.3 with `engine: "js"` and an in-memory PGlite adapter diffs offline.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const prismaDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = join(prismaDir, 'migrations');
const snapshot = join(migrationsDir, 'last-schema.prisma');
const name = (process.argv[2] ?? '').trim();
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration -- <name>   (lower-case letters, digits and _)');
  process.exit(2);
}

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('prisma6/package.json')), 'build', 'index.js');
// Inside the package so the temporary config can resolve prisma6 and the adapters.
const work = mkdtempSync(join(prismaDir, '..', '.migration-'));

/** Prisma 6 wants a datasource url in the schema itself; the generator block is irrelevant. */
function forPrisma6(source) {
  return source
    .replace(/generator\s+client\s*\{[^}]*\}/, '')
    .replace(/(datasource\s+db\s*\{)/, '$1\n  url = env("DATABASE_URL")');
}

try {
  const to = join(work, 'to.prisma');
  writeFileSync(to, forPrisma6(readFileSync(join(prismaDir, 'schema.prisma'), 'utf8')));
  const from = existsSync(snapshot) ? join(work, 'from.prisma') : null;
  if (from) writeFileSync(from, forPrisma6(readFileSync(snapshot, 'utf8')));
  writeFileSync(
    join(work, 'prisma.config.ts'),
    `import { defineConfig } from 'prisma6/config';
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: ${JSON.stringify(to)},
  async adapter() {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PrismaPGlite } = await import('pglite-prisma-adapter-6');
    return new PrismaPGlite(new PGlite());
  },
});
`,
  );
  const args = [cli, 'migrate', 'diff', '--config', join(work, 'prisma.config.ts'), '--script'];
  args.push(...(from ? ['--from-schema-datamodel', from] : ['--from-empty']));
  args.push('--to-schema-datamodel', to);
  const result = spawnSync(process.execPath, args, {
    cwd: join(prismaDir, '..'),
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      DATABASE_URL: 'postgresql://offline/offline',
      PRISMA_QUERY_ENGINE_LIBRARY: '/bin/true',
      PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  });
  if (result.status !== 0) {
    console.error(result.stderr || result.stdout || result.error?.message);
    process.exit(1);
  }
  const sql = result.stdout.trim();
  if (!sql || /^-- This is an empty migration/.test(sql)) {
    console.log('schema.prisma has no changes since the last migration; nothing written.');
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = join(migrationsDir, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'migration.sql'), `${sql}\n`);
  copyFileSync(join(prismaDir, 'schema.prisma'), snapshot);
  console.log(`Wrote ${dir}/migration.sql`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
