// After `npm ci`: keeps the better-sqlite3 binary it compiled where the package's installer looks
// first next time. better-sqlite3 12 (the desktop library's driver on Node 20, a dev dependency)
// has no prebuilt binary this machine can download, so `npm ci` compiles SQLite: a minute or more
// of one core before anything else can start. Its installer, prebuild-install, first looks in
// npm's cache (~/.npm/_prebuilds) for a binary it downloaded before, named after the package
// version, Node's ABI, the platform and the architecture, and loads it to check it (compiling
// after all if that fails). So the next `npm ci` on this machine unpacks this one instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const fromDriver = createRequire(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
const { cachedPrebuild, getDownloadUrl } = fromDriver('prebuild-install/util');
const pkg = fromDriver('./package.json');
const cached = cachedPrebuild(getDownloadUrl({ ...fromDriver('prebuild-install/rc')(pkg), pkg }));
const driverDir = dirname(fromDriver.resolve('./package.json'));
const binary = 'build/Release/better_sqlite3.node';

if (!existsSync(cached) && existsSync(join(driverDir, binary))) {
  mkdirSync(dirname(cached), { recursive: true });
  // The layout of the project's own release archives: the binary under build/Release/.
  execFileSync('tar', ['-czf', `${cached}.tmp`, '-C', driverDir, binary]);
  renameSync(`${cached}.tmp`, cached);
  console.log(`[ci] kept the compiled better-sqlite3 for the next npm ci: ${cached}`);
}
