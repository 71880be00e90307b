import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS, migrate, openLibraryDatabase, schemaVersion } from './database';
import { SqliteDatabase } from './sqlite-driver';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-library-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Rows an app at schema `version` would have written, so upgrades must carry real data. */
function seed(db: Database.Database, version: number) {
  if (version < 1) return;
  db.prepare(
    `INSERT INTO beats (id, user_id, title, genre, price_cents, is_free, audio_file_key, created_at, synced_at)
     VALUES ('b1', 'u1', 'Night Drive', 'Trap', 1999, 0, 'audio/x.wav', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
  ).run();
  db.prepare(
    `INSERT INTO uploads (id, idempotency_key, state, fields, audio_path, audio_name, created_at, updated_at)
     VALUES ('q1', 'k1', 'uploading_audio', '{"title":"Queued","genre":"Drill"}', '/l/q1/audio.wav', 'q.wav',
             '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  ).run();
  db.prepare(
    "INSERT INTO saved_files (id, name, path, size, source, saved_at) VALUES ('f1', 'a.mp3', '/d/a.mp3', 3, '/api/files/a', '2026-01-01')",
  ).run();
}

describe('library database', () => {
  it('creates a new file at the latest schema with WAL, synchronous=NORMAL and foreign keys on', () => {
    const db = openLibraryDatabase(join(dir, 'nested', 'library.db'));
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('numbers its migrations 1, 2, … without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(2);
  });

  it.each(Array.from({ length: LATEST_VERSION }, (_, from) => from))(
    'upgrades a file from version %i to the latest, keeping its data',
    (from) => {
      const file = join(dir, `v${from}.db`);
      const old = openLibraryDatabase(file, { migrateTo: from });
      expect(schemaVersion(old)).toBe(from);
      seed(old, from);
      old.close();

      const db = openLibraryDatabase(file);
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      if (from >= 1) {
        expect(db.prepare("SELECT title FROM beats WHERE id = 'b1'").get()).toEqual({ title: 'Night Drive' });
        // Version 2's columns exist with their defaults on old rows.
        expect(
          db.prepare("SELECT state, owner_id, progress, cover_skipped FROM uploads WHERE id = 'q1'").get(),
        ).toEqual({
          state: 'uploading_audio',
          owner_id: null,
          progress: 0,
          cover_skipped: 0,
        });
        expect(db.prepare('SELECT COUNT(*) AS n FROM saved_files').get()).toEqual({ n: 1 });
      }
      db.close();
    },
  );

  it('enforces foreign keys: removing a mirrored beat removes its cached cover row', () => {
    const db = openLibraryDatabase(join(dir, 'fk.db'));
    seed(db, LATEST_VERSION);
    db.prepare(
      "INSERT INTO covers (beat_id, cover_key, file_name, cached_at) VALUES ('b1', 'images/x.jpg', 'b1.jpg', 'now')",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO covers (beat_id, cover_key, file_name, cached_at) VALUES ('nope', 'k', 'f', 'now')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM beats WHERE id = 'b1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM covers').get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a file written by a newer app instead of guessing', () => {
    const file = join(dir, 'future.db');
    const raw = new SqliteDatabase(file);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => openLibraryDatabase(file)).toThrow(/newer Beatroom/);
  });

  it('rolls a failed migration back whole, leaving the previous version', () => {
    const file = join(dir, 'half.db');
    const db = openLibraryDatabase(file, { migrateTo: 1 });
    // Make step 2 fail halfway: its covers table already exists.
    db.exec('CREATE TABLE covers (x TEXT)');
    expect(() => migrate(db)).toThrow();
    expect(schemaVersion(db)).toBe(1);
    const columns = db.prepare("SELECT name FROM pragma_table_info('uploads')").all() as { name: string }[];
    expect(columns.map((c) => c.name)).not.toContain('owner_id');
    db.close();
  });
});
