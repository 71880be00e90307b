import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileUrl } from '@beatroom/shared/files-contract';
import { UserBeatsResponse } from '@beatroom/shared/community-contract';
import type { LibraryStore, MirroredBeat } from './library-store';
import type { ServerClient } from './server-client';

/** Reads the producer's own beats from the server; injectable so the source can change. */
export type OwnBeatsFetcher = (userId: string) => Promise<MirroredBeat[]>;

/** GET /api/users/{id}/beats: every beat of the producer, newest first. */
export function ownBeatsFromProfile(client: ServerClient): OwnBeatsFetcher {
  return async (userId) => {
    const beats = UserBeatsResponse.parse(
      await client.getJson(`/api/users/${encodeURIComponent(userId)}/beats?sort=newest`),
    );
    return beats.filter((beat) => beat.user_id === userId);
  };
}

/** Cover file names: the beat id plus a hash of the cover key, so a new cover gets a new name. */
export function coverFileName(beatId: string, coverKey: string): string {
  const safeId = beatId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64);
  return `${safeId}-${createHash('sha256').update(coverKey).digest('hex').slice(0, 16)}.jpg`;
}

export const COVER_FILE_PATTERN = /^[A-Za-z0-9-]{1,64}-[0-9a-f]{16}\.jpg$/;

/**
 * Makes the local mirror match the server: beat rows in one transaction, then any missing or
 * changed cover downloaded to the covers folder (written to a temporary name, then renamed, so
 * a half-written cover is never shown). A cover that fails to download is left for next time.
 */
export async function syncLibrary(options: {
  userId: string;
  store: LibraryStore;
  client: ServerClient;
  fetchOwnBeats: OwnBeatsFetcher;
  coversDir: string;
  now?: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
}): Promise<{ count: number; syncedAt: string }> {
  const syncedAt = (options.now ?? (() => new Date()))().toISOString();
  const beats = await options.fetchOwnBeats(options.userId);
  const orphaned = options.store.replaceBeats(options.userId, beats, syncedAt);
  mkdirSync(options.coversDir, { recursive: true });

  for (const { beatId, coverKey, previousFile } of options.store.coversToFetch(options.userId)) {
    const name = coverFileName(beatId, coverKey);
    const target = join(options.coversDir, name);
    try {
      const response = await options.client.getFile(fileUrl(coverKey));
      writeFileSync(`${target}.tmp`, Buffer.from(await response.arrayBuffer()));
      renameSync(`${target}.tmp`, target);
      options.store.setCover(beatId, coverKey, name, syncedAt);
      if (previousFile && previousFile !== name) orphaned.push(previousFile);
    } catch (error) {
      options.log?.warn(`cover of beat ${beatId} not cached`, error);
      rmSync(`${target}.tmp`, { force: true });
    }
  }
  const referenced = options.store.coverFiles();
  for (const file of orphaned) {
    if (!referenced.has(file) && COVER_FILE_PATTERN.test(file))
      rmSync(join(options.coversDir, file), { force: true });
  }
  return { count: beats.length, syncedAt };
}
