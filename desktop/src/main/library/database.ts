import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from './sqlite-driver';

export type LibraryDatabase = Database.Database;

/**
 * The local library's schema, one step per version. `PRAGMA user_version` records how many
 * steps a file has had; opening runs the missing ones, each in its own transaction together
 * with the version bump, so a crash mid-migration leaves the file at the previous version.
 * Steps are never edited once shipped: a change is a new step.
 */
export const MIGRATIONS: readonly { version: number; name: string; up: string }[] = [
  {
    version: 1,
    name: 'beats mirror, saved files, upload queue',
    up: `
      CREATE TABLE beats (
        id               TEXT PRIMARY KEY,
        user_id          TEXT NOT NULL,
        title            TEXT NOT NULL,
        description      TEXT,
        genre            TEXT NOT NULL,
        mood             TEXT,
        bpm              INTEGER,
        key_signature    TEXT,
        price_cents      INTEGER NOT NULL,
        is_free          INTEGER NOT NULL CHECK (is_free IN (0, 1)),
        duration_seconds REAL,
        play_count       INTEGER NOT NULL DEFAULT 0,
        download_count   INTEGER NOT NULL DEFAULT 0,
        audio_file_key   TEXT NOT NULL,
        cover_image_key  TEXT,
        created_at       TEXT NOT NULL,
        synced_at        TEXT NOT NULL
      );
      CREATE INDEX beats_user_created ON beats (user_id, created_at);

      CREATE TABLE saved_files (
        id       TEXT PRIMARY KEY,
        name     TEXT NOT NULL,
        path     TEXT NOT NULL,
        size     INTEGER NOT NULL,
        source   TEXT NOT NULL,
        saved_at TEXT NOT NULL
      );

      CREATE TABLE uploads (
        id              TEXT PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        state           TEXT NOT NULL CHECK (state IN
                          ('queued', 'uploading_audio', 'uploading_cover', 'creating', 'done', 'failed', 'cancelled')),
        fields          TEXT NOT NULL,
        audio_path      TEXT NOT NULL,
        audio_name      TEXT NOT NULL,
        cover_path      TEXT,
        cover_name      TEXT,
        audio_key       TEXT,
        cover_key       TEXT,
        beat_id         TEXT,
        attempts        INTEGER NOT NULL DEFAULT 0,
        error           TEXT,
        next_attempt_at TEXT,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL
      );

      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'uploads belong to an account; covers cached on disk',
    up: `
      -- An upload queued by one account must never be sent with another account's token.
      -- Rows from version 1 have no owner: they wait until someone claims them (the first
      -- account that signs in, see UploadQueue.claimUnowned).
      ALTER TABLE uploads ADD COLUMN owner_id TEXT;
      ALTER TABLE uploads ADD COLUMN progress REAL NOT NULL DEFAULT 0;
      ALTER TABLE uploads ADD COLUMN cover_skipped INTEGER NOT NULL DEFAULT 0 CHECK (cover_skipped IN (0, 1));
      CREATE INDEX uploads_owner_state ON uploads (owner_id, state);

      -- One cached cover per mirrored beat; removing the beat from the mirror removes the row.
      CREATE TABLE covers (
        beat_id   TEXT PRIMARY KEY REFERENCES beats (id) ON DELETE CASCADE,
        cover_key TEXT NOT NULL,
        file_name TEXT NOT NULL,
        cached_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'studio takes kept locally until uploaded',
    up: `
      -- A take recorded in the desktop studio: its file is written to the library folder
      -- before this row, and the row stays until the server has it (recording_id), so a take
      -- recorded offline or during an outage is never lost.
      CREATE TABLE takes (
        id              TEXT PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        owner_id        TEXT NOT NULL,
        state           TEXT NOT NULL CHECK (state IN ('queued', 'uploading', 'done', 'failed', 'cancelled')),
        beat_id         TEXT NOT NULL,
        recording_name  TEXT NOT NULL,
        is_public       INTEGER NOT NULL CHECK (is_public IN (0, 1)),
        format          TEXT NOT NULL CHECK (format IN ('webm', 'wav')),
        file_path       TEXT NOT NULL,
        size            INTEGER NOT NULL,
        recording_id    TEXT,
        attempts        INTEGER NOT NULL DEFAULT 0,
        error           TEXT,
        next_attempt_at TEXT,
        progress        REAL NOT NULL DEFAULT 0,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL
      );
      CREATE INDEX takes_owner_state ON takes (owner_id, state);
    `,
  },
  {
    version: 4,
    name: 'timeline takes kept locally, then sent to the server under the same id',
    up: `
      -- A take on the studio's timeline: its file (takes/timeline/<id>) is written before this
      -- row, and the row says whether the server's take files have it yet. The id is the one
      -- the arrangement names (studio-take:<id>), kept on the server too.
      CREATE TABLE timeline_takes (
        id              TEXT PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        owner_id        TEXT NOT NULL,
        state           TEXT NOT NULL CHECK (state IN ('queued', 'uploading', 'done', 'failed', 'cancelled')),
        format          TEXT NOT NULL CHECK (format IN ('webm', 'wav')),
        file_path       TEXT NOT NULL,
        size            INTEGER NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        error           TEXT,
        next_attempt_at TEXT,
        progress        REAL NOT NULL DEFAULT 0,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL
      );
      CREATE INDEX timeline_takes_owner_state ON timeline_takes (owner_id, state);
    `,
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function schemaVersion(db: LibraryDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings a database to `target` (the latest by default). A file from a newer app version is
 * refused rather than guessed at: the user downgraded, and writing with an older schema could
 * lose data.
 */
export function migrate(db: LibraryDatabase, target = LATEST_VERSION): void {
  const current = schemaVersion(db);
  if (current > LATEST_VERSION) {
    throw new Error(
      `The library was written by a newer Beatroom (schema ${current}, this app knows ${LATEST_VERSION}). Update the app.`,
    );
  }
  for (const step of MIGRATIONS) {
    if (step.version <= current || step.version > target) continue;
    db.transaction(() => {
      db.exec(step.up);
      // PRAGMA takes no parameters; the version is a number from the list above.
      db.pragma(`user_version = ${step.version}`);
    })();
  }
}

/**
 * Opens (creating if needed) the library database: WAL so reads never wait on the uploader's
 * writes and a crash loses at most the last transaction; synchronous=NORMAL, which is durable
 * against app crashes in WAL mode and only risks the last commits on power loss; foreign keys
 * on (SQLite leaves them off by default); a busy timeout for the rare concurrent open.
 */
export function openLibraryDatabase(file: string, options: { migrateTo?: number } = {}): LibraryDatabase {
  mkdirSync(dirname(file), { recursive: true });
  const db = new SqliteDatabase(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, options.migrateTo);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
