// `npm start`: builds what is missing or older than its sources (the web app with Vite, the
// server bundle with esbuild), then runs the compiled server, server/dist/main.js, in this
// process with plain `node`. A production install (`npm ci --omit=dev`) has neither builder:
// it runs the builds it was shipped with, and refuses to start without them.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, loadEsbuild, newestFileMtime, SERVER_BUNDLE, serverBuildStale } from './build.mjs';

// Node 22.1+: V8 keeps compiled code between starts (in the OS temp folder), so later starts
// skip most parsing and compiling. Older Node simply does not have it.
module.enableCompileCache?.();

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function webBuildStale() {
  const built = join(root, 'web', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared/src'];
  return Math.max(...sources.map((p) => newestFileMtime(join(root, p)))) > statSync(built).mtimeMs;
}

function viteInstalled() {
  try {
    createRequire(join(root, 'web', 'package.json')).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

/** A build we cannot make here: fine when an older one exists, fatal when there is none. */
function cannotBuild(what, output, how) {
  if (!existsSync(output)) {
    console.error(
      `${what} is not built and cannot be built here (${how}). Run \`npm run build\` where the dev dependencies are installed, and ship its output.`,
    );
    process.exit(1);
  }
  console.warn(`${what}: its sources are newer than the build, but ${how}; running the existing build.`);
}

if (process.env.SERVE_WEB !== '0' && webBuildStale()) {
  if (viteInstalled()) {
    console.log('Building the web app…');
    const result = spawnSync('npm', ['run', 'build', '-w', '@beatroom/web'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else {
    cannotBuild('The web app', join(root, 'web', 'dist', 'index.html'), 'Vite is not installed');
  }
}

if (serverBuildStale()) {
  const esbuild = await loadEsbuild();
  if (esbuild) {
    console.log('Building the server…');
    await buildServer(esbuild);
    // esbuild's service process would otherwise live (and hold memory) as long as the server.
    await esbuild.stop?.();
  } else {
    cannotBuild('The server', SERVER_BUNDLE, 'esbuild is not installed');
  }
}

// The module that holds V8's young generation small while the server starts, before the bundle
// and the packages it imports are loaded (see server/src/startup-memory.ts).
await import(pathToFileURL(join(dirname(SERVER_BUNDLE), 'startup-memory.js')).href);
const { main } = await import(pathToFileURL(SERVER_BUNDLE).href);
await main();
