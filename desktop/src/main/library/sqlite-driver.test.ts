import { describe, expect, it } from 'vitest';
import { NAPI_BUILD_MIN_NAPI_VERSION, SqliteDatabase, sqliteDriverPackage } from './sqlite-driver';

describe('the SQLite driver', () => {
  it('loads the Node-API build only where Node-API 10 exists', () => {
    expect(sqliteDriverPackage('9')).toBe('better-sqlite3');
    expect(sqliteDriverPackage(String(NAPI_BUILD_MIN_NAPI_VERSION))).toBe('better-sqlite3-napi');
    expect(sqliteDriverPackage('11')).toBe('better-sqlite3-napi');
    expect(sqliteDriverPackage('')).toBe('better-sqlite3');
  });

  it('opens a working database on this runtime', () => {
    const db = new SqliteDatabase(':memory:');
    try {
      db.exec('CREATE TABLE t (n INTEGER)');
      db.prepare('INSERT INTO t (n) VALUES (?)').run(42);
      expect(db.prepare('SELECT n FROM t').get()).toEqual({ n: 42 });
    } finally {
      db.close();
    }
  });
});
