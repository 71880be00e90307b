import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then
 * starts the server serving it and the API on one port.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const built = join(root, 'web', 'dist', 'index.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared/src'].map((p) =>
  join(root, p),
);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@beatroom/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('./main');
await main();
