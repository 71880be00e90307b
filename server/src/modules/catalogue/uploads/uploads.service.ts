import { Readable } from 'node:stream';
import { IMAGE_MAX_PIXELS } from '@beatroom/shared/files-contract';
import { LIMITS } from '@beatroom/shared/limits';
import {
  dailyUploadMessage,
  storageQuotaMessage,
  type UploadQuota,
} from '@beatroom/shared/upload-quota-contract';
import { badRequest, conflict, HttpError } from '../../../http/http-errors';
import { analyseAudio, InvalidAudioError } from '../audio/audio-analysis';
import { AUDIO_CONTENT_TYPES, sniffAudio, sniffImage, SNIFF_BYTES } from '../audio/sniff';
import { isPublicKey, newKey, type Storage } from '../../platform/storage/storage';
import { backfillRenditions, encodeStoredJpeg, renderRenditions } from './image-renditions';
import { collect, limitBytes, readHead } from './upload-streams';
import { fileInUse, USE_KINDS, type UploadUse } from './upload-uses';
import type { UploadsRepository } from './uploads.repository';

export const AUDIO_TOO_LARGE = 'The audio file is larger than 50 MB';
export const AUDIO_EMPTY = 'The audio file is empty';
export const NOT_AUDIO = 'The file is not an MP3, WAV or FLAC audio file';
export const IMAGE_TOO_LARGE = 'The image is larger than 10 MB';
export const IMAGE_EMPTY = 'The image file is empty';
export const NOT_IMAGE = 'Only JPEG, PNG or WebP images are accepted';
export const IMAGE_TOO_MANY_PIXELS = `The image is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;
export const IMAGE_UNREADABLE = 'The image could not be read';
/** Rows deleted per statement by the sweep, so one run never holds many locks at once. */
const SWEEP_BATCH = 200;
export const UPLOAD_INTERRUPTED = 'The upload was interrupted before the file was complete';

const DAY_MS = 24 * 3600_000;

/** What one more upload of a user may take, and the 413 message past it. */
export interface UploadAllowance {
  bytes: number;
  message: string;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** A failure while receiving is the client's (too large, gone away), never a 500. */
function receiveError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  return badRequest(UPLOAD_INTERRUPTED);
}

/**
 * Receives uploaded files: checks what they really are from their first bytes, streams audio to
 * storage and analyses it there, re-encodes images, and records who uploaded what. Whatever
 * fails, nothing stays behind in storage or in the uploads table. The demo seed stores its
 * generated audio and covers through the same two functions.
 */
export function createUploadsService(deps: {
  repo: UploadsRepository;
  storage: Storage;
  log: Log;
  /**
   * Per-user storage quota and bytes per 24 h; unset: no per-user limit (tests of other modules).
   * The quota may be read per upload (the admin setting storage_quota_mb).
   */
  limits?: { storageQuotaBytes: number | (() => Promise<number>); uploadBytesPerDay: number };
  /** The largest audio file now (the admin setting max_upload_mb); unset: LIMITS.AUDIO_MAX_BYTES. */
  audioMaxBytes?: () => Promise<number>;
}) {
  const { repo, storage, log } = deps;
  const limits = deps.limits ?? {
    storageQuotaBytes: Number.MAX_SAFE_INTEGER,
    uploadBytesPerDay: Number.MAX_SAFE_INTEGER,
  };

  /** The size cap of one file: its kind's limit, or less when the user's quota has less left. */
  const capOf = (maxBytes: number, tooLargeMessage: string, allowance?: UploadAllowance) =>
    allowance && allowance.bytes < maxBytes
      ? { bytes: allowance.bytes, message: allowance.message }
      : { bytes: maxBytes, message: tooLargeMessage };

  const discard = async (key: string) => {
    await storage
      .delete(key)
      .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a file'));
  };

  async function quotaOf(userId: string): Promise<UploadQuota> {
    const usage = await repo.usage(userId, new Date(Date.now() - DAY_MS));
    const quotaBytes =
      typeof limits.storageQuotaBytes === 'number'
        ? limits.storageQuotaBytes
        : await limits.storageQuotaBytes();
    return {
      quota_bytes: quotaBytes,
      used_bytes: usage.total,
      remaining_bytes: Math.max(0, quotaBytes - usage.total),
      daily_limit_bytes: limits.uploadBytesPerDay,
      daily_remaining_bytes: Math.max(0, limits.uploadBytesPerDay - usage.recent),
    };
  }

  return {
    /** Who uploaded a stored file, and what it is; null for a key nobody uploaded. */
    find: (key: string) => repo.find(key),

    /** What the user's stored uploads take, and what is left of the quota and of today's bytes. */
    quota: quotaOf,

    /**
     * What the user's next upload may take, with the message a bigger one gets (413): null
     * when nothing is left, with that message. Checked before a byte is read, and again while
     * the file streams in (two uploads at once may each pass alone; the overshoot is one file).
     */
    async allowance(userId: string): Promise<UploadAllowance> {
      const quota = await quotaOf(userId);
      if (quota.daily_remaining_bytes < quota.remaining_bytes) {
        return { bytes: quota.daily_remaining_bytes, message: dailyUploadMessage(quota) };
      }
      return { bytes: quota.remaining_bytes, message: storageQuotaMessage(quota) };
    },

    /**
     * Checks, before a beat or a profile stores a file key, that the file may take up `use`:
     * the user's own upload of the kind the use needs (400 `notYours` otherwise) serving no
     * other use, theirs or anyone's (409 naming that use). `exceptProfileOf` leaves that user's
     * profile out, for a profile edit that moves a file between its own slots; that caller
     * makes sure no file ends up in two. Answers the upload (an audio one carries its duration).
     *
     * A check, not a lock: two requests racing to give one file two uses can both pass (the
     * beats' unique indexes still stop two beats). Closing that needs the use stored on the
     * upload row, which is a migration for another day.
     */
    async claim(
      userId: string,
      key: string,
      use: UploadUse,
      options: { notYours: string; exceptProfileOf?: string },
    ) {
      const upload = await repo.find(key);
      if (!upload || upload.userId !== userId || upload.kind !== USE_KINDS[use]) {
        throw badRequest(options.notYours);
      }
      const holder = await repo.useOf(key, options.exceptProfileOf ?? null);
      if (holder) throw conflict(fileInUse(holder));
      return upload;
    },

    /**
     * The sweep: uploads no beat or profile took within `olderThanMs` (abandoned upload forms,
     * replaced pictures) lose their row and their file. Answers how many went.
     */
    async sweepUnused(olderThanMs: number): Promise<number> {
      const before = new Date(Date.now() - olderThanMs);
      let swept = 0;
      for (;;) {
        const keys = await repo.deleteUnused(before, SWEEP_BATCH);
        for (const key of keys) await discard(key);
        swept += keys.length;
        if (keys.length < SWEEP_BATCH) return swept;
      }
    },

    /**
     * Whether a stored file may be served to anyone: images and previews may; uploaded audio (a
     * beat's master, which is for sale, or a voice tag) and renditions never (buyers get those
     * through signed download links). Decided from the key's folder, without a query.
     */
    isPublic: (key: string) => isPublicKey(key),

    /**
     * Makes the renditions of every stored image not yet marked as having them (see
     * backfillRenditions); answers how many images it rendered.
     */
    backfillRenditions: () => backfillRenditions({ repo, storage, log }),

    async storeAudio(
      userId: string,
      source: Readable,
      originalName: string | null,
      allowance?: UploadAllowance,
    ): Promise<{ key: string }> {
      const maxBytes = deps.audioMaxBytes ? await deps.audioMaxBytes() : LIMITS.AUDIO_MAX_BYTES;
      const tooLarge =
        maxBytes === LIMITS.AUDIO_MAX_BYTES
          ? AUDIO_TOO_LARGE
          : `The audio file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`;
      const cap = capOf(maxBytes, tooLarge, allowance);
      const limited = limitBytes(source, cap.bytes, cap.message);
      let received;
      try {
        received = await readHead(limited, SNIFF_BYTES);
      } catch (error) {
        throw receiveError(error);
      }
      const format = sniffAudio(received.head);
      if (!format) {
        limited.destroy();
        throw badRequest(received.head.length === 0 ? AUDIO_EMPTY : NOT_AUDIO);
      }
      const key = newKey('audio', format);
      let size: number;
      try {
        ({ size } = await storage.put(key, received.body, { contentType: AUDIO_CONTENT_TYPES[format] }));
      } catch (error) {
        throw receiveError(error);
      }
      try {
        const analysis = await analyseAudio(format, () => storage.get(key));
        await repo.create({
          key,
          userId,
          kind: 'audio',
          contentType: AUDIO_CONTENT_TYPES[format],
          sizeBytes: size,
          originalName: originalName?.slice(0, 255) || null,
          durationSeconds: analysis.durationSeconds,
          peaks: analysis.peaks,
        });
      } catch (error) {
        await discard(key);
        if (error instanceof InvalidAudioError) throw badRequest(NOT_AUDIO);
        throw error;
      }
      return { key };
    },

    /**
     * Images are small (≤ 10 MB) and must be decoded whole anyway, so they are read into
     * memory, checked, and only the re-encoded JPEG (≤ 800 px, no metadata) is stored, with its
     * 256 and 512 px WebP renditions for lists and cards.
     */
    async storeImage(
      userId: string,
      source: Readable,
      originalName: string | null,
      allowance?: UploadAllowance,
    ): Promise<{ key: string }> {
      const cap = capOf(LIMITS.IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, allowance);
      const limited = limitBytes(source, cap.bytes, cap.message);
      let input: Buffer;
      try {
        const { head, body } = await readHead(limited, SNIFF_BYTES);
        if (!sniffImage(head)) {
          limited.destroy();
          throw badRequest(head.length === 0 ? IMAGE_EMPTY : NOT_IMAGE);
        }
        input = await collect(body);
      } catch (error) {
        throw receiveError(error);
      }
      let jpeg: Buffer;
      try {
        jpeg = await encodeStoredJpeg(input);
      } catch (error) {
        throw badRequest(/pixel limit/i.test(String(error)) ? IMAGE_TOO_MANY_PIXELS : IMAGE_UNREADABLE);
      }
      const key = newKey('images', 'jpg');
      const renditions = await renderRenditions(key, jpeg);
      const { size } = await storage.put(key, Readable.from([jpeg]), { contentType: 'image/jpeg' });
      try {
        // Before the row: an image anyone can use always has its renditions.
        for (const rendition of renditions) {
          await storage.put(rendition.key, Readable.from([rendition.body]), { contentType: 'image/webp' });
        }
        await repo.create({
          key,
          userId,
          kind: 'image',
          contentType: 'image/jpeg',
          sizeBytes: size,
          originalName: originalName?.slice(0, 255) || null,
          // Stored just above: the start-up backfill never needs to visit this image.
          renditionsMadeAt: new Date(),
        });
      } catch (error) {
        await discard(key);
        throw error;
      }
      return { key };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
