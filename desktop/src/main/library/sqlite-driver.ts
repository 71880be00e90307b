import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Which build of better-sqlite3 opens the library, chosen by the runtime's Node-API version.
 *
 * - better-sqlite3 12 wraps its objects in Node's raw `node::ObjectWrap`. From Node 24 (and so
 *   Electron 45, which ships Node 24) that class removes an environment cleanup hook when an
 *   object is garbage-collected, and Node aborts the process (`Assertion failed: (env) !=
 *   nullptr` in `RemoveEnvironmentCleanupHook`, from `Statement::~Statement`) whenever a
 *   statement happens to be collected outside a JavaScript context. Upstream closed the report
 *   without a fix for 12.x (WiseLibs/better-sqlite3#1515); 13 moved to Node-API and does not
 *   have the problem.
 * - better-sqlite3 13 is built for Node-API 10, which Node only has from 22.14: on Node 20 it
 *   segfaults in `new Database()` (WiseLibs/better-sqlite3#1514).
 *
 * So the runtime that has Node-API 10 (the desktop app in Electron, Node 22.14+) loads 13
 * (`better-sqlite3-napi`, an npm alias; a production dependency, prebuilt, nothing to rebuild for
 * Electron), and Node 20 (this repository's tests, the browser harness) loads 12, a development
 * dependency compiled at install. Both have the same API, so the rest of the code sees one type.
 */
export const NAPI_BUILD_MIN_NAPI_VERSION = 10;

export type SqliteDriverPackage = 'better-sqlite3' | 'better-sqlite3-napi';

export function sqliteDriverPackage(
  napiVersion: string | undefined = process.versions.napi,
): SqliteDriverPackage {
  return Number(napiVersion) >= NAPI_BUILD_MIN_NAPI_VERSION ? 'better-sqlite3-napi' : 'better-sqlite3';
}

const requireDriver = createRequire(import.meta.url);

/** The better-sqlite3 `Database` class this runtime can load safely. */
export const SqliteDatabase: typeof BetterSqlite3 = requireDriver(
  sqliteDriverPackage(),
) as typeof BetterSqlite3;
