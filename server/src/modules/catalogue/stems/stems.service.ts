import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import {
  STEM_EXTENSIONS,
  STEMS_ERRORS,
  STEMS_MAX_BYTES,
  type StemsState,
} from '@beatroom/shared/stems-contract';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { badRequest, forbidden, notFound } from '../../../http/http-errors';
import { assertStorageKey, type Storage } from '../../platform/storage/storage';
import type { UserRecord } from '../../platform/users/user-record';
import { collect, limitBytes } from '../uploads/upload-streams';
import type { StemsRepository } from './stems.repository';
import { zipEntryNames } from './zip-entries';

export const NOT_YOUR_BEAT = 'Only the producer of this beat can change its stems';

/** What a stems ZIP holds, or why it is refused: folders and lossless audio files only. */
export function checkStemEntries(names: string[] | null): string[] {
  if (names === null) throw badRequest(STEMS_ERRORS.NOT_ZIP);
  const files = names.filter((n) => !n.endsWith('/'));
  // A name climbing out of the folder it is unpacked into is refused like a wrong file.
  const unsafe = (n: string) => n.startsWith('/') || n.split(/[\\/]/).includes('..');
  const isAudio = (n: string) =>
    (STEM_EXTENSIONS as readonly string[]).includes(n.slice(n.lastIndexOf('.') + 1).toLowerCase());
  if (files.some((n) => unsafe(n) || !isAudio(n))) throw badRequest(STEMS_ERRORS.NOT_AUDIO);
  if (files.length === 0) throw badRequest(STEMS_ERRORS.EMPTY);
  return files;
}

/**
 * A beat's stems (docs/domain.md#licences-and-downloads): its producer uploads one ZIP, stored
 * privately (stems/<uuid>.zip, never served by the public files route) and checked there from
 * its central directory; a new ZIP replaces the old one. Buyers get it through downloads.
 */
export function createStemsService(deps: { repo: StemsRepository; storage: Storage }) {
  const { repo, storage } = deps;

  async function ownedBeat(user: UserRecord, beatId: string) {
    const beat = await repo.beat(beatId);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    if (beat.userId !== user.id) throw forbidden(NOT_YOUR_BEAT);
    return beat;
  }

  async function entriesOf(key: string, size: number) {
    return zipEntryNames(size, async (range) => collect(await storage.get(key, range)));
  }

  return {
    /** GET /api/beats/{id}/stems, the producer only. */
    async state(user: UserRecord, beatId: string): Promise<StemsState> {
      const beat = await ownedBeat(user, beatId);
      const stat = beat.stemsKey ? await storage.stat(beat.stemsKey) : null;
      if (!beat.stemsKey || !stat) return { has_stems: false, files: [], size_bytes: null };
      const names = await entriesOf(beat.stemsKey, stat.size);
      return { has_stems: true, files: (names ?? []).filter((n) => !n.endsWith('/')), size_bytes: stat.size };
    },

    /** PUT /api/beats/{id}/stems: stores, checks, then swaps in the new ZIP. */
    async upload(user: UserRecord, beatId: string, body: Readable): Promise<StemsState> {
      const beat = await ownedBeat(user, beatId);
      // Its own folder, outside the public ones and outside the orphan sweep's: beats.stems_key
      // is the only reference to it.
      const key = `stems/${randomUUID()}.zip`;
      assertStorageKey(key);
      const { size } = await storage.put(key, limitBytes(body, STEMS_MAX_BYTES, STEMS_ERRORS.TOO_LARGE), {
        contentType: 'application/zip',
      });
      let files: string[];
      try {
        files = checkStemEntries(await entriesOf(key, size));
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      await repo.setStems(beat.id, key);
      if (beat.stemsKey) await storage.delete(beat.stemsKey);
      return { has_stems: true, files, size_bytes: size };
    },

    /** DELETE /api/beats/{id}/stems */
    async remove(user: UserRecord, beatId: string): Promise<void> {
      const beat = await ownedBeat(user, beatId);
      await repo.setStems(beat.id, null);
      if (beat.stemsKey) await storage.delete(beat.stemsKey);
    },
  };
}
export type StemsService = ReturnType<typeof createStemsService>;
