#!/usr/bin/env bash
# CI: the README's production deployment, for real. The checkout's builds (`npm run build`:
# web/dist and the compiled server, server/dist) are shipped with its files (tracked and new, not
# ignored ones) to a temporary folder, installed there with `npm ci --omit=dev` (from the npm
# cache: no dev dependencies, so no tsx, esbuild or Vite), and started the way the
# README says, with NODE_ENV=production:
#   1. on a fresh PostgreSQL database (DATABASE_URL), seeding the demo catalogue, which loads what
#      the server only loads on demand (the Web Audio engine, LAME's wasm, sharp) from the
#      production node_modules; checks /api/health, the web app, the first demo beat's preview and
#      cover, then stops the server mid-seed;
#   2. on the embedded database (PGlite's data files), /api/health.
# Usage: .ci/production-install.sh   (BEATROOM_PROD_KEEP=1 keeps the folder; BEATROOM_PROD_BUILT=1
# ships the builds already in the checkout, as .ci/run does right after `npm test` built them)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PG_BASE="${CI_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
say() { printf '[production-install] %s\n' "$*"; }

cd "$ROOT"
if [ "${BEATROOM_PROD_BUILT:-0}" = 1 ] && [ -f web/dist/index.html ] && [ -f server/dist/main.js ]; then
  # The server's own check below still refuses a bundle older than its sources.
  say "shipping the builds already in the checkout (BEATROOM_PROD_BUILT=1)"
else
  say "building the web app and the server in the checkout (npm run build)"
  npm run build --silent
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/beatroom-production.XXXXXX")"
DB="beatroom_prod_$(date +%s)_$$"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then stop_server; fi
  psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  if [ "${BEATROOM_PROD_KEEP:-0}" = 1 ]; then say "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

say "copying the checkout's files and its builds to $WORK"
{
  git ls-files -z --cached --others --exclude-standard
  find server/dist web/dist -type f -print0
} | tar -C "$ROOT" --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$WORK" -xf -

cd "$WORK"
say "npm ci --omit=dev"
npm ci --omit=dev --no-audit --no-fund --prefer-offline
# (The Prisma CLI does get installed: it is an optional peer of @prisma/client, which npm installs.)
for dev in tsx esbuild vite; do
  if [ -e "node_modules/$dev" ]; then echo "[production-install] $dev is installed: not a production install" >&2; exit 1; fi
done

PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
BASE="http://127.0.0.1:$PORT"
PRODUCTION_ENV=(
  NODE_ENV=production PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="$BASE"
  GOOGLE_CLIENT_ID=ci-client GOOGLE_CLIENT_SECRET=ci-secret
  SESSION_SECRET=ci-session-secret-at-least-32-characters-long
  STRIPE_SECRET_KEY=sk_test_ci STRIPE_WEBHOOK_SECRET=whsec_ci
)

# Starts `npm start` in the background, in a process group of its own (npm does not pass a
# SIGTERM on to the server under it), logging to $1; waits for /api/health.
start_server() {
  local log="$1"
  shift
  setsid env "${PRODUCTION_ENV[@]}" "$@" npm start >"$log" 2>&1 &
  SERVER_PID=$!
  local started=$SECONDS
  until curl -sf "$BASE/api/health" >/dev/null; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then cat "$log" >&2; say "the server exited"; exit 1; fi
    if [ $((SECONDS - started)) -gt 120 ]; then cat "$log" >&2; say "no answer within 2 minutes"; exit 1; fi
    sleep 0.2
  done
  say "listening after $((SECONDS - started)) s: $(curl -s "$BASE/api/health")"
}

stop_server() {
  kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
  # The port must be free again: the next start must not be answered by this one.
  local waited=0
  while curl -s -o /dev/null "$BASE/api/health"; do
    if [ $waited -gt 100 ]; then say "the server did not stop"; exit 1; fi
    sleep 0.1
    waited=$((waited + 1))
  done
}

psql "$PG_BASE/postgres" -qc "CREATE DATABASE $DB"
say "1. PostgreSQL, demo seed on"
start_server "$WORK/postgres.log" DATABASE_URL="$PG_BASE/$DB" DATA_DIR="$WORK/data-pg" SEED_DEMO=1 LOG_LEVEL=info
curl -sf "$BASE/" | grep -q '<div id="root"' || { say "the web app is not served"; exit 1; }
# The shipped builds must count as fresh (the install regenerated the Prisma client meanwhile).
if grep -q 'newer than the build' "$WORK/postgres.log"; then cat "$WORK/postgres.log" >&2; say "the shipped builds look stale"; exit 1; fi
# The first seeded beat with its preview (rendered by a background job) and its cover proves what
# the seed loads on demand works from the production install; the other demo beats would add
# minutes of rendering that prove nothing more. Stopping the server then also stops the seed
# between two beats, as any shutdown does.
started=$SECONDS
until BEATS="$(curl -sf "$BASE/api/beats?limit=48")" && FIRST="$(node -e '
  const b = JSON.parse(process.argv[1]).find((b) => b.preview_status === "ready" && b.cover_image_key);
  if (!b) process.exit(1);
  console.log(b.id, b.cover_image_key);
' "$BEATS")"; do
  if grep -q 'seeding the demo catalogue failed' "$WORK/postgres.log" || [ $((SECONDS - started)) -gt 600 ]; then
    cat "$WORK/postgres.log" >&2
    say "no demo beat with a preview and a cover"
    exit 1
  fi
  sleep 2
done
say "first demo beat seeded with its preview and cover in $((SECONDS - started)) s"
read -r BEAT COVER <<<"$FIRST"
PREVIEW_URL="$(curl -sf "$BASE/api/beats/$BEAT" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).preview_url)')"
for path in "/api/files/$COVER" "$PREVIEW_URL"; do
  curl -sf -o /dev/null -w "[production-install] $path: %{http_code} %{content_type} %{size_download} bytes\n" "$BASE$path"
done
stop_server

say "2. embedded PostgreSQL (PGlite)"
start_server "$WORK/embedded.log" DATA_DIR="$WORK/data-embedded" SEED_DEMO=0
sleep 1
grep -q 'database: embedded PostgreSQL' "$WORK/embedded.log" || { cat "$WORK/embedded.log" >&2; say "not the embedded database"; exit 1; }
stop_server
say "ok"
