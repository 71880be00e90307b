// Compiles the server for `npm start`: one ES module bundle, server/dist/main.js, run by plain
// `node` (tsx stays for `npm run dev` and tests). Our own code (server/src, the generated Prisma
// client and @beatroom/shared, which ships TypeScript) is bundled, and so is Prisma's runtime, to
// fix its memory (prismaRuntime below); every other package stays an import of node_modules, so
// packages that read their own files (Prisma's query compiler, PGlite's data files, pdfkit's AFM
// fonts, LAME's wasm, sharp's native module) find them where they are. src/startup-memory.ts
// becomes a file of its own beside the bundle (FIRST_MODULE).
//
// `node server/tools/build.mjs` builds; `--if-stale` builds only when a source is newer than the
// bundle; `--if-possible` (postinstall) skips quietly when esbuild is not installed, as after
// `npm ci --omit=dev` on a deployment that ships the bundle it built elsewhere.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedTemplatePath, writeEmbeddedTemplate } from './embedded-template.mjs';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(serverDir, '..');
export const SERVER_BUNDLE = join(serverDir, 'dist', 'main.js');
/**
 * main.ts's first import, compiled to a file of its own beside the bundle: a bundle evaluates
 * every package it imports before any of its own code, and this must run before them
 * (src/startup-memory.ts).
 */
const FIRST_MODULE = 'startup-memory';
/** Packages as the server resolves them. */
const serverRequire = createRequire(join(serverDir, 'package.json'));

/**
 * Everything the bundle is made from, including this file (a changed build is a new bundle). The
 * generated Prisma client counts through the schema it is generated from, not its own files:
 * installs regenerate it (same schema, new files), which must not make a shipped bundle stale.
 */
const GENERATED = join(serverDir, 'src', 'generated');
const SOURCES = [
  join(serverDir, 'src'),
  join(serverDir, 'prisma', 'schema.prisma'),
  join(root, 'shared', 'src'),
  join(serverDir, 'package.json'),
  join(root, 'package-lock.json'),
  fileURLToPath(import.meta.url),
];

/**
 * The newest modification time of the files under a path (0 when there are none), leaving out
 * the generated client. Files only: a copy of the checkout (tar, a deployment) gives its folders
 * the time of the copy.
 */
export function newestFileMtime(path) {
  if (path === GENERATED || !existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestFileMtime(join(path, name))), 0);
}

/** True when the bundle is missing or older than one of its sources. */
export function serverBuildStale() {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(join(dirname(SERVER_BUNDLE), `${FIRST_MODULE}.js`)))
    return true;
  return Math.max(...SOURCES.map(newestFileMtime)) > statSync(SERVER_BUNDLE).mtimeMs;
}

/** esbuild, or null when it is not installed (it comes with the dev dependencies: tsx, vite). */
export async function loadEsbuild() {
  try {
    const path = serverRequire.resolve('esbuild');
    return await import(path);
  } catch {
    return null;
  }
}

/** Bare imports are packages in node_modules, kept external, except our workspaces' TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // Whoever imports it (main.ts, a benchmark's server), the one file beside the bundle.
    build.onResolve({ filter: new RegExp(`(^|/)${FIRST_MODULE}$`) }, (args) =>
      resolve(args.resolveDir, args.path) === join(serverDir, 'src', FIRST_MODULE)
        ? { path: `./${FIRST_MODULE}.js`, external: true }
        : undefined,
    );
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@beatroom/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * An object V8 keeps in dictionary mode for good: an integer key past 2^29 marks its elements
 * "requires slow elements", which deleting the key does not undo. Same keys, same order.
 */
const SPARSE_RECORD =
  'function __sparseRecord() { const o = {}; o[2 ** 29] = 0; delete o[2 ** 29]; return o; }';

/** The graph readers' `let count=this.#read(),edges={};for(let j=0;j<count;j++){let key=this.#read()`. */
const GRAPH_EDGES =
  /let (\w+)=this\.#(\w+)\(\),(\w+)=\{\};for\(let (\w+)=0;\4<\1;\4\+\+\)\{let \w+=this\.#\2\(\)/g;

/** The runtime's source with its graph's edge records made sparse; throws when it no longer matches. */
function patchPrismaRuntime(source) {
  let count = 0;
  const patched = source.replace(GRAPH_EDGES, (match, _n, _read, edges) => {
    count++;
    return match.replace(`${edges}={}`, `${edges}=__sparseRecord()`);
  });
  if (count !== 2) {
    throw new Error(
      `Prisma's runtime changed: expected its 2 graph readers, found ${count}. Update patchPrismaRuntime in server/tools/build.mjs.`,
    );
  }
  return `${patched}\n${SPARSE_RECORD}\n`;
}

/**
 * Prisma's runtime, bundled (its ES module build) so that one fix applies to it. At start-up
 * the runtime reads the client's parameterisation graph into about 3,600 objects keyed by string
 * numbers up to ~950 (`edges[fieldIndex] = ...`). V8 gives such an object a flat elements array
 * as long as its largest key, so each holds ~4–11 KB of holes: 16.5 MB of the idle server's
 * 70 MB heap. Each of those objects is made sparse from the start instead (see
 * SPARSE_RECORD), which keeps only the entries. The runtime's own files need nothing read from
 * its folder; the compiled query engine it loads stays in node_modules.
 */
const prismaRuntime = {
  name: 'prisma-runtime',
  setup(build) {
    const file = join(dirname(serverRequire.resolve('@prisma/client/package.json')), 'runtime', 'client.mjs');
    build.onResolve({ filter: /^@prisma\/client\/runtime\/client$/ }, () => ({ path: file }));
    build.onLoad({ filter: /[\\/]@prisma[\\/]client[\\/]runtime[\\/]client\.mjs$/ }, async (args) => ({
      contents: patchPrismaRuntime(await readFile(args.path, 'utf8')),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Builds the bundle (and its source map) at `outfile`, by default server/dist/main.js. `entry`
 * is another module that starts the app its own way (a benchmark's server), bundled the same.
 */
export async function buildServer(
  esbuild,
  outfile = SERVER_BUNDLE,
  entry = join(serverDir, 'src', 'main.ts'),
) {
  outfile = resolve(outfile);
  const generated = join(serverDir, 'src', 'generated', 'prisma', 'client.ts');
  if (!existsSync(generated)) {
    throw new Error(
      'The Prisma client is not generated: run `npm run db:generate -w @beatroom/server` first.',
    );
  }
  const started = performance.now();
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  };
  const first = await esbuild.build({
    ...common,
    entryPoints: [join(serverDir, 'src', `${FIRST_MODULE}.ts`)],
    outfile: join(dirname(outfile), `${FIRST_MODULE}.js`),
  });
  const result = await esbuild.build({
    ...common,
    entryPoints: [entry],
    outfile,
    // Written below (write: false), each file renamed into place whole: a server starting
    // meanwhile never reads half a bundle.
    sourcemap: 'linked',
    // Stack traces and pino's error logs keep readable function names.
    keepNames: true,
    plugins: [prismaRuntime, externalPackages],
  });
  mkdirSync(dirname(outfile), { recursive: true });
  // The first module and the map first, so a bundle is never newer than the files it names.
  const files = [...first.outputFiles, ...result.outputFiles].sort(
    (a, b) => Number(a.path === outfile) - Number(b.path === outfile),
  );
  for (const file of files) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return performance.now() - started;
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntry) {
  const ifStale = process.argv.includes('--if-stale');
  const ifPossible = process.argv.includes('--if-possible');
  // --outfile=<path>: somewhere else than server/dist/main.js (tests build their own copy).
  const outfile = process.argv.find((arg) => arg.startsWith('--outfile='))?.slice('--outfile='.length);
  // --entry=<path>: another module to bundle as the server is (a benchmark's server process).
  const entry = process.argv.find((arg) => arg.startsWith('--entry='))?.slice('--entry='.length);
  if (ifStale && !serverBuildStale()) process.exit(0);
  const esbuild = await loadEsbuild();
  if (!esbuild) {
    if (ifPossible) {
      console.log('esbuild is not installed (production install): the server bundle is not rebuilt.');
      process.exit(0);
    }
    console.error(
      'esbuild is not installed: install the dev dependencies (npm install) to build the server.',
    );
    process.exit(1);
  }
  const ms = await buildServer(esbuild, outfile, entry && resolve(entry));
  console.log(`Built the server: ${outfile ?? join('server', 'dist', 'main.js')} (${Math.round(ms)} ms)`);
  // A new embedded database's starting files, once per PGlite version (embedded-template.mjs).
  if (!outfile && (await writeEmbeddedTemplate()))
    console.log(`Wrote the embedded database's starting files: ${embeddedTemplatePath()}`);
}
