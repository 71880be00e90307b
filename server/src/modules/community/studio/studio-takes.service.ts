import type { Readable } from 'node:stream';
import { RECORDING_MAX_BYTES } from '@beatroom/shared/recordings-contract';
import {
  STUDIO_TAKE_ID_TAKEN,
  STUDIO_TAKE_NOT_FOUND,
  STUDIO_TAKES_MAX_BYTES_PER_USER,
  TOO_MANY_STUDIO_TAKES,
  type StudioTakeFile,
} from '@beatroom/shared/studio-takes-contract';
import type { FileAnswer, FileRequest } from '../../../http/file-answer';
import { conflict, notFound, tooLarge } from '../../../http/http-errors';
import type { Storage } from '../../platform/storage/storage';
import type { UserRecord } from '../../platform/users/user-record';
import { receiveTake, RECORDING_TOO_LARGE } from '../recordings/recording-upload';
import type { StudioTakesRepository } from './studio-takes.repository';

/** Private folder of the timeline's takes: not public, and swept only when no row names a file. */
export const STUDIO_TAKES_FOLDER = 'studio-takes';

interface Log {
  warn(obj: object, msg: string): void;
}

const keyOf = (id: string) => `${STUDIO_TAKES_FOLDER}/${id}`;
const idOf = (key: string) => key.slice(STUDIO_TAKES_FOLDER.length + 1);

/**
 * The audio of the takes on a user's timeline, one private file each: stored as soon as a take
 * is recorded, read back when a session loads, served to its owner only (anyone else's is the
 * same 404 as a missing one). Bytes are checked like a recording's (WebM/Opus or WAV, at most
 * 50 MB) and a user keeps at most STUDIO_TAKES_MAX_BYTES_PER_USER of them.
 */
export function createStudioTakesService(deps: {
  repo: StudioTakesRepository;
  storage: Storage;
  readPrivate(key: string, request: FileRequest): Promise<FileAnswer>;
  log: Log;
}) {
  const { repo, storage, log } = deps;

  const discard = (key: string) =>
    storage
      .delete(key)
      .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a take file'));

  return {
    /** `id`: the uuid the uploader named the take by (see StudioTakeUploadQuery), if any. */
    async upload(user: UserRecord, source: Readable, id?: string): Promise<StudioTakeFile> {
      if (id) {
        const kept = await repo.findByKeys([keyOf(`${id}.webm`), keyOf(`${id}.wav`)]);
        if (kept) {
          source.resume();
          if (kept.userId !== user.id) throw conflict(STUDIO_TAKE_ID_TAKEN);
          // A repeat after a lost answer: the file is already kept.
          return { id: idOf(kept.fileKey), size: kept.sizeBytes };
        }
      }
      const left = STUDIO_TAKES_MAX_BYTES_PER_USER - (await repo.bytesOf(user.id));
      if (left <= 0) throw tooLarge(TOO_MANY_STUDIO_TAKES);
      const cap =
        left < RECORDING_MAX_BYTES
          ? { bytes: left, message: TOO_MANY_STUDIO_TAKES }
          : { bytes: RECORDING_MAX_BYTES, message: RECORDING_TOO_LARGE };
      const stored = await receiveTake(storage, source, cap, STUDIO_TAKES_FOLDER, id);
      try {
        await repo.create({ userId: user.id, fileKey: stored.key, sizeBytes: stored.size });
      } catch (error) {
        // Two uploads of one named take at once wrote the same file: the one kept stays.
        if (id && (await repo.findOwn(stored.key, user.id)))
          return { id: idOf(stored.key), size: stored.size };
        await discard(stored.key);
        throw error;
      }
      return { id: idOf(stored.key), size: stored.size };
    },

    /** The owner's take file, with Range and ETag (the audio element and fetch both seek). */
    async audio(user: UserRecord, id: string, request: FileRequest): Promise<FileAnswer> {
      const own = await repo.findOwn(keyOf(id), user.id);
      if (!own) throw notFound(STUDIO_TAKE_NOT_FOUND);
      const answer = await deps.readPrivate(own.fileKey, request);
      if (answer.status === 404) throw notFound(STUDIO_TAKE_NOT_FOUND);
      return answer;
    },

    async remove(user: UserRecord, id: string): Promise<void> {
      const [key] = await repo.deleteOwn([keyOf(id)], user.id);
      if (!key) throw notFound(STUDIO_TAKE_NOT_FOUND);
      await discard(key);
    },

    /** Files no session names any more (a session was deleted): the user's among them go. */
    async release(user: UserRecord, ids: string[]): Promise<void> {
      const keys = await repo.deleteOwn(ids.map(keyOf), user.id);
      await Promise.all(keys.map(discard));
    },
  };
}

export type StudioTakesService = ReturnType<typeof createStudioTakesService>;
