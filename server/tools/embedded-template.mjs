// A freshly initialised embedded database (PGlite's initdb, before any migration), kept as a
// gzipped tarball beside the server bundle and unpacked into a new data folder instead of running
// initdb again: initdb in PGlite's WebAssembly costs 6–7 s of CPU at each fresh start, unpacking
// about 1.5 s. The server build (build.mjs, so `npm install` too) writes it; src/db/database.ts
// starts a new embedded database from it. Its name carries the PGlite version: after an upgrade a
// new database initialises afresh until the next build writes the new version's. The migrations
// run on it as on any new database.
//
// Plain JavaScript (typed by embedded-template.d.mts) so that build.mjs can run it; the server
// bundles it. Both sit one folder below server/, so the path below is server/ either way.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** server/dist/embedded-initdb-<PGlite version>.tar.gz */
export function embeddedTemplatePath() {
  const entry = createRequire(join(serverDir, 'package.json')).resolve('@electric-sql/pglite');
  // …/node_modules/@electric-sql/pglite/dist/index.cjs: the package's folder is two up.
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  return join(serverDir, 'dist', `embedded-initdb-${version}.tar.gz`);
}

/** Writes the template at `path` unless it is there; answers whether it wrote one. */
export async function writeEmbeddedTemplate(path = embeddedTemplatePath()) {
  if (existsSync(path)) return false;
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = await PGlite.create();
  const tarball = Buffer.from(await (await lite.dumpDataDir('gzip')).arrayBuffer());
  await lite.close();
  mkdirSync(dirname(path), { recursive: true });
  // Renamed into place whole: a server starting meanwhile never reads half a tarball.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, tarball);
  renameSync(partial, path);
  return true;
}

/**
 * The template to start a new embedded database from, or undefined: `dataDir` already holds a
 * database (never overwritten), or there is no template at `path`. Without a folder the database
 * lives in memory and is always new.
 */
export function embeddedTemplateFor(dataDir, path = embeddedTemplatePath()) {
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  if (!existsSync(path)) return undefined;
  return new Blob([readFileSync(path)]);
}
