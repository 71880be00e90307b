import type {
  LibraryBeat,
  LibraryQuery,
  LibrarySort,
  SavedFile,
} from '@beatroom/shared/ipc-library-contract';
import type { LibraryDatabase } from './database';

/** A beat as the server lists it (the Beat contract), the fields the mirror keeps. */
export interface MirroredBeat {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  genre: string;
  mood: string | null;
  bpm: number | null;
  key_signature: string | null;
  price_cents: number;
  is_free: boolean;
  duration_seconds: number | null;
  play_count: number;
  download_count: number;
  /** The beat's preview key, null until the server has rendered it (never the master). */
  audio_file_key: string | null;
  cover_image_key: string | null;
  created_at: string;
}

interface BeatRow extends Omit<MirroredBeat, 'is_free'> {
  is_free: number;
  cover_file: string | null;
}

export interface SavedFileRecord {
  id: string;
  name: string;
  path: string;
  size: number;
  source: string;
  saved_at: string;
}

const ORDER: Record<LibrarySort, string> = {
  newest: 'b.created_at DESC, b.id',
  oldest: 'b.created_at ASC, b.id',
  title: 'b.title COLLATE NOCASE ASC, b.id',
  plays: 'b.play_count DESC, b.created_at DESC',
  downloads: 'b.download_count DESC, b.created_at DESC',
};

/** `%`, `_` and the escape character itself match literally in the user's search. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The producer's beats mirrored from the server, their cached covers, and the files the user
 * saved. Every write is one transaction. `coverUrl` turns a cached cover's file name into the
 * address the renderer loads it from.
 */
export function createLibraryStore(db: LibraryDatabase, options: { coverUrl: (fileName: string) => string }) {
  const upsertBeat = db.prepare(`
    INSERT INTO beats (id, user_id, title, description, genre, mood, bpm, key_signature, price_cents, is_free,
                       duration_seconds, play_count, download_count, audio_file_key, cover_image_key, created_at, synced_at)
    VALUES (@id, @user_id, @title, @description, @genre, @mood, @bpm, @key_signature, @price_cents, @is_free,
            @duration_seconds, @play_count, @download_count, @audio_file_key, @cover_image_key, @created_at, @synced_at)
    ON CONFLICT (id) DO UPDATE SET
      user_id = excluded.user_id, title = excluded.title, description = excluded.description, genre = excluded.genre,
      mood = excluded.mood, bpm = excluded.bpm, key_signature = excluded.key_signature,
      price_cents = excluded.price_cents, is_free = excluded.is_free, duration_seconds = excluded.duration_seconds,
      play_count = excluded.play_count, download_count = excluded.download_count,
      audio_file_key = excluded.audio_file_key, cover_image_key = excluded.cover_image_key,
      created_at = excluded.created_at, synced_at = excluded.synced_at
  `);
  const beatIdsOf = db.prepare<[string], { id: string }>('SELECT id FROM beats WHERE user_id = ?');
  const deleteBeat = db.prepare('DELETE FROM beats WHERE id = ?');
  const setMeta = db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const getMeta = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');

  const toLibraryBeat = (row: BeatRow): LibraryBeat => ({
    id: row.id,
    title: row.title,
    description: row.description,
    genre: row.genre,
    mood: row.mood,
    bpm: row.bpm,
    key_signature: row.key_signature,
    price_cents: row.price_cents,
    is_free: row.is_free === 1,
    duration_seconds: row.duration_seconds,
    play_count: row.play_count,
    download_count: row.download_count,
    created_at: row.created_at,
    coverUrl: row.cover_file ? options.coverUrl(row.cover_file) : null,
  });

  return {
    /**
     * Makes the mirror of `userId`'s beats equal to `beats`: new and changed ones written, ones
     * gone from the server removed (their cover rows go with them, by foreign key). Returns the
     * cover file names that are no longer referenced, for the caller to delete.
     */
    replaceBeats: db.transaction((userId: string, beats: MirroredBeat[], syncedAt: string): string[] => {
      const keep = new Set(beats.map((beat) => beat.id));
      const orphaned: string[] = [];
      for (const { id } of beatIdsOf.all(userId)) {
        if (keep.has(id)) continue;
        const cover = db
          .prepare<[string], { file_name: string }>('SELECT file_name FROM covers WHERE beat_id = ?')
          .get(id);
        if (cover) orphaned.push(cover.file_name);
        deleteBeat.run(id);
      }
      for (const beat of beats) {
        upsertBeat.run({
          ...beat,
          user_id: userId,
          is_free: beat.is_free ? 1 : 0,
          // The mirror never plays audio, but its first schema made this column NOT NULL: a
          // preview still being rendered is stored as an empty key.
          audio_file_key: beat.audio_file_key ?? '',
          synced_at: syncedAt,
        });
      }
      setMeta.run(`synced_at:${userId}`, syncedAt);
      return orphaned;
    }),

    syncedAt(userId: string): string | null {
      return getMeta.get(`synced_at:${userId}`)?.value ?? null;
    },

    listBeats(userId: string, query: Required<LibraryQuery>): LibraryBeat[] {
      const search = query.search.trim();
      const rows = db
        .prepare<unknown[], BeatRow>(
          `SELECT b.*, c.file_name AS cover_file
             FROM beats b LEFT JOIN covers c ON c.beat_id = b.id
            WHERE b.user_id = ?
              ${search ? `AND (b.title LIKE ? ESCAPE '\\' OR b.genre LIKE ? ESCAPE '\\' OR IFNULL(b.mood, '') LIKE ? ESCAPE '\\' OR IFNULL(b.description, '') LIKE ? ESCAPE '\\')` : ''}
            ORDER BY ${ORDER[query.sort]}`,
        )
        .all(userId, ...(search ? Array(4).fill(likePattern(search)) : []));
      return rows.map(toLibraryBeat);
    },

    /** Beats whose cached cover is missing or was made from another cover key. */
    coversToFetch(userId: string): { beatId: string; coverKey: string; previousFile: string | null }[] {
      return db
        .prepare<[string], { beatId: string; coverKey: string; previousFile: string | null }>(
          `SELECT b.id AS beatId, b.cover_image_key AS coverKey, c.file_name AS previousFile
             FROM beats b LEFT JOIN covers c ON c.beat_id = b.id
            WHERE b.user_id = ? AND b.cover_image_key IS NOT NULL
              AND (c.beat_id IS NULL OR c.cover_key <> b.cover_image_key)`,
        )
        .all(userId);
    },

    setCover: db.transaction((beatId: string, coverKey: string, fileName: string, cachedAt: string) => {
      db.prepare(
        `INSERT INTO covers (beat_id, cover_key, file_name, cached_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (beat_id) DO UPDATE SET cover_key = excluded.cover_key, file_name = excluded.file_name,
                                             cached_at = excluded.cached_at`,
      ).run(beatId, coverKey, fileName, cachedAt);
    }),

    /** Every cover file the library still references, so stray files can be cleaned up. */
    coverFiles(): Set<string> {
      return new Set(
        db
          .prepare<[], { file_name: string }>('SELECT file_name FROM covers')
          .all()
          .map((row) => row.file_name),
      );
    },

    addSavedFile: db.transaction((record: SavedFileRecord) => {
      db.prepare(
        'INSERT INTO saved_files (id, name, path, size, source, saved_at) VALUES (@id, @name, @path, @size, @source, @saved_at)',
      ).run(record);
    }),

    savedFile(id: string): SavedFileRecord | null {
      return db.prepare<[string], SavedFileRecord>('SELECT * FROM saved_files WHERE id = ?').get(id) ?? null;
    },

    listSavedFiles(search: string, exists: (path: string) => boolean): SavedFile[] {
      const term = search.trim();
      const rows = db
        .prepare<unknown[], SavedFileRecord>(
          `SELECT * FROM saved_files ${term ? "WHERE name LIKE ? ESCAPE '\\'" : ''} ORDER BY saved_at DESC`,
        )
        .all(...(term ? [likePattern(term)] : []));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        size: row.size,
        savedAt: row.saved_at,
        exists: exists(row.path),
      }));
    },
  };
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;
