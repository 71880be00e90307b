import type { Readable } from 'node:stream';
import type { PublicRecording } from '@beatroom/shared/beat-social-contract';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import {
  PUBLIC_RECORDINGS_LIMIT,
  RECORDING_NOT_FOUND,
  type Recording,
} from '@beatroom/shared/recordings-contract';
import type { Tx } from '../../../db/transaction';
import { badRequest, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { Storage } from '../../platform/storage/storage';
import type { UserRecord } from '../../platform/users/user-record';
import { analyseRecording, InvalidAudioError } from './recording-analysis';
import { ownRecording, publicRecording } from './recording-responses';
import {
  NOT_A_RECORDING,
  parseUploadFields,
  receiveTake,
  type StoredTake,
  type TakeAllowance,
} from './recording-upload';
import type { RecordingsRepository } from './recordings.repository';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Vocal recordings: takes saved from the studio. A take's content is checked from
 * its bytes (WebM with an Opus track, or WAV), streamed to private storage, decoded once for
 * its duration and waveform, and only then recorded; whatever fails leaves nothing behind.
 * Its audio is served to its owner, and to anyone once it is public, never through /api/files.
 */
export function createRecordingsService(deps: {
  repo: RecordingsRepository;
  storage: Storage;
  /** Reads of stored files with Range and ETag (the files module), after access was decided here. */
  files: { readPrivate(key: string, request: FileRequest): Promise<FileAnswer> };
  log: Log;
}) {
  const { repo, storage, log } = deps;

  const discard = async (key: string) => {
    await storage
      .delete(key)
      .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a recording file'));
  };

  return {
    /**
     * The text fields of an upload, checked (400 naming the field). Called as soon as they are
     * all there, before the file is read when they come first.
     */
    parseFields: parseUploadFields,

    /**
     * Streams a take to storage: checks its first bytes (WebM or WAV, else 400) and its size
     * (at most 50 MB or what the user's storage allowance has left, else 413; the partial file
     * is removed by storage). The caller records it with `record`, or discards it.
     */
    receive: (source: Readable, allowance?: TakeAllowance): Promise<StoredTake> =>
      receiveTake(storage, source, allowance),

    /** Removes a received take that will not be recorded (bad fields, unknown beat). */
    discard,

    /** A retried upload: the take the user already saved under this idempotency key, or null. */
    async saved(user: UserRecord, idempotencyKey: string | undefined): Promise<Recording | null> {
      if (!idempotencyKey) return null;
      const row = await repo.byIdempotencyKey(user.id, idempotencyKey);
      return row ? ownRecording(row) : null;
    },

    /**
     * Decodes a received take for its duration and waveform (400 when it is not playable audio)
     * and records it for a beat that plays (404 "Beat not found" otherwise). On any failure the
     * file is removed.
     */
    async record(
      user: UserRecord,
      take: StoredTake,
      fields: {
        beat_id: string;
        recording_name: string;
        is_public: boolean;
        idempotency_key?: string | undefined;
      },
    ): Promise<{ recording: Recording; created: boolean }> {
      try {
        if (!(await repo.playableBeat(fields.beat_id))) throw notFound(BEAT_NOT_FOUND);
        let analysis;
        try {
          analysis = await analyseRecording(take.format, () => storage.get(take.key));
        } catch (error) {
          if (error instanceof InvalidAudioError) throw badRequest(NOT_A_RECORDING);
          throw error;
        }
        const row = await repo.create({
          idempotencyKey: fields.idempotency_key,
          userId: user.id,
          beatId: fields.beat_id,
          recordingName: fields.recording_name,
          fileKey: take.key,
          fileSize: take.size,
          format: take.format,
          isPublic: fields.is_public,
          durationSeconds: analysis.durationSeconds,
          peaks: analysis.peaks,
        });
        if (row) return { recording: ownRecording(row), created: true };
        // The same key won a race meanwhile: that take stands, this copy goes.
        await discard(take.key);
        const earlier = await repo.byIdempotencyKey(user.id, fields.idempotency_key!);
        return { recording: ownRecording(earlier!), created: false };
      } catch (error) {
        await discard(take.key);
        throw error;
      }
    },

    /** GET /api/recordings: the caller's own takes, newest first. */
    async listOwn(user: UserRecord): Promise<Recording[]> {
      return (await repo.listOwn(user.id)).map(ownRecording);
    },

    /**
     * PATCH /api/recordings/{id}: publish or unpublish the caller's own take (anyone else's is the
     * same 404 as a missing one); a public take lists under its beat's vocal covers.
     */
    async setPublic(user: UserRecord, id: string, isPublic: boolean): Promise<Recording> {
      if (!isUuid(id)) throw notFound(RECORDING_NOT_FOUND);
      const row = await repo.setPublicOwn(id, user.id, isPublic);
      if (!row) throw notFound(RECORDING_NOT_FOUND);
      return ownRecording(row);
    },

    /** DELETE /api/recordings/{id}: own only (anyone else's is the same 404); the file after the row. */
    async remove(user: UserRecord, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(RECORDING_NOT_FOUND);
      const key = await repo.deleteOwn(id, user.id);
      if (!key) throw notFound(RECORDING_NOT_FOUND);
      await discard(key);
    },

    /**
     * GET /api/recordings/{id}/audio: the take's file for its owner, or for anyone when it is
     * public; a private take is the same 404 as a missing one to everyone else.
     */
    async audio(viewer: UserRecord | null, id: string, request: FileRequest): Promise<FileAnswer> {
      if (!isUuid(id)) return { status: 404, error: RECORDING_NOT_FOUND };
      const take = await repo.findAccess(id);
      if (!take || !(take.isPublic || take.userId === viewer?.id)) {
        return { status: 404, error: RECORDING_NOT_FOUND };
      }
      const answer = await deps.files.readPrivate(take.fileKey, request);
      return answer.status === 404 ? { status: 404, error: RECORDING_NOT_FOUND } : answer;
    },

    /** POST /api/recordings/{id}/play: counts a play of a take the viewer may hear. */
    async countPlay(viewer: UserRecord | null, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.countPlay(id, viewer?.id ?? null))) {
        throw notFound(RECORDING_NOT_FOUND);
      }
    },

    /** GET /api/beats/{id}/public-recordings: anyone may list a beat's public takes. */
    async publicOfBeat(beatId: string): Promise<PublicRecording[]> {
      if (!(await repo.beatExists(beatId))) throw notFound(BEAT_NOT_FOUND);
      return (await repo.publicOfBeat(beatId, PUBLIC_RECORDINGS_LIMIT)).map(publicRecording);
    },

    /**
     * Account deletion, inside its transaction: the user's takes go; answers their file keys,
     * which the account service deletes after the commit (a rollback keeps rows and files).
     */
    async removeAll(tx: Tx, userId: string): Promise<{ fileKeys: string[] }> {
      return { fileKeys: await repo.removeAll(tx, userId) };
    },

    /**
     * For the orphan sweep: which of these `recordings/` keys a take names. A take is stored
     * before its row is written (and decoded in between), so an unnamed file younger than the
     * sweep's grace period may be a take still being saved.
     */
    referencedKeys: (keys: string[]) => repo.referencedKeys(keys),

    /** After a beat was deleted: the takes over it (their beat set null) and their files. */
    async removeOrphaned(): Promise<number> {
      const keys = await repo.removeOrphaned();
      for (const key of keys) await discard(key);
      return keys.length;
    },
  };
}

export type RecordingsService = ReturnType<typeof createRecordingsService>;
