import { IMAGE_KEY_PATTERN } from '@beatroom/shared/files-contract';
import { isStorageKey, KEY_FOLDERS, renditionKeysOf, type Storage } from '../../platform/storage/storage';
import type { UploadsRepository } from './uploads.repository';

/**
 * How old a file must be before the orphan sweep may take it. Every write stores the file
 * first and its row after (an upload is stored, then analysed, then recorded; a preview is
 * rendered, then recorded), so a young file without a row may be one still being made.
 */
export const ORPHAN_GRACE_MS = 3600_000;

/**
 * The folders the sweep walks: those of storage's own keys, and those other modules make keys
 * in (recordings, the studio timeline's takes, support attachments). A folder missing here is never swept; a folder
 * added here needs its rows in UploadsRepository.referencedKeys, or its files would be taken
 * for orphans.
 */
export const SWEPT_FOLDERS: readonly string[] = [...KEY_FOLDERS, 'recordings', 'studio-takes', 'support'];

/** Keys checked against the database per query. */
const ORPHAN_BATCH = 500;

export interface OrphanSweepResult {
  /** Files old enough to be judged. */
  checked: number;
  /** Of those, files no row names: deleted. */
  deleted: number;
  /** Leftovers of interrupted writes (partial files, unfinished multipart uploads) removed. */
  partials: number;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The row that keeps a file: its own key, except for an image's renditions
 * (`images-256/<uuid>.webp`), which live as long as their image (`images/<uuid>.jpg`).
 */
export function ownerKeyOf(key: string): string {
  const rendition = /^images-\d+\/([0-9a-f-]{36})\.webp$/.exec(key);
  if (!rendition) return key;
  const image = `images/${rendition[1]}.jpg`;
  return IMAGE_KEY_PATTERN.test(image) && renditionKeysOf(image).includes(key) ? image : key;
}

/**
 * The orphan sweep: a process killed between storing a file and writing its row
 * (mid-analysis, mid-render) leaves a file nothing names, which no request would ever delete.
 * This walks every folder the server writes, and deletes files older than `graceMs` that no row
 * names; it also removes what interrupted writes left outside the keys. Files that are not
 * server-made keys are left alone: the sweep deletes only what this server could have written.
 */
export function createOrphanSweep(deps: {
  repo: Pick<UploadsRepository, 'referencedKeys'>;
  storage: Storage;
  log: Log;
}) {
  const { repo, storage, log } = deps;

  async function judge(keys: string[]): Promise<number> {
    const owners = keys.map(ownerKeyOf);
    const referenced = await repo.referencedKeys([...new Set(owners)]);
    let deleted = 0;
    for (let i = 0; i < keys.length; i++) {
      if (referenced.has(owners[i]!)) continue;
      try {
        await storage.delete(keys[i]!);
        deleted++;
      } catch (error) {
        log.warn({ err: error, key: keys[i] }, 'could not delete an orphaned file');
      }
    }
    return deleted;
  }

  return async function sweepOrphans(graceMs = ORPHAN_GRACE_MS): Promise<OrphanSweepResult> {
    const before = new Date(Date.now() - graceMs);
    const result: OrphanSweepResult = { checked: 0, deleted: 0, partials: 0 };
    result.partials = await storage.removeStalePartials(before);
    for (const folder of SWEPT_FOLDERS) {
      let batch: string[] = [];
      for await (const file of storage.list(`${folder}/`)) {
        if (!isStorageKey(file.key) || file.modifiedAt >= before) continue;
        batch.push(file.key);
        if (batch.length === ORPHAN_BATCH) {
          result.checked += batch.length;
          result.deleted += await judge(batch);
          batch = [];
        }
      }
      result.checked += batch.length;
      result.deleted += await judge(batch);
    }
    return result;
  };
}

export type OrphanSweep = ReturnType<typeof createOrphanSweep>;
