import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { isAdminUser } from '@beatroom/shared/permissions';
import { SUPPORT_TEXTS } from '@beatroom/shared/support-contract';
import { badRequest, HttpError, notFound, tooLarge } from '../../../http/http-errors';
import { assertStorageKey } from '../../platform/storage/storage';
import { collect, limitBytes } from '../../catalogue/uploads/upload-streams';
import type { UserRecord } from '../../platform/users/user-record';
import { FILE_REFUSED, sniffSupportFile, SUPPORT_FILE_MAX_BYTES } from './support-files';
import type { SupportDeps } from './support-tickets';

/** Unattached uploads deleted per statement by the sweep. */
const SWEEP_BATCH = 200;

/**
 * Support files: uploaded before the ticket or reply that names them, served to those who may
 * see that ticket, swept when nothing took them.
 */
export function createSupportUploadsService(
  deps: Pick<SupportDeps, 'attachments' | 'storage' | 'adminEmail' | 'log'>,
) {
  const { attachments, storage } = deps;
  return {
    /**
     * Stores one support file if its bytes say JPEG, PNG, GIF, PDF or plain text and it is at
     * most 10 MB: 400 or 413 with the documented message otherwise, and nothing kept.
     */
    async upload(user: UserRecord, source: Readable, originalName: string | null): Promise<{ key: string }> {
      let bytes: Buffer;
      try {
        bytes = await collect(limitBytes(source, SUPPORT_FILE_MAX_BYTES, FILE_REFUSED));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 413) throw tooLarge(FILE_REFUSED);
        throw badRequest(FILE_REFUSED);
      }
      const kind = sniffSupportFile(bytes);
      if (!kind) throw badRequest(FILE_REFUSED);
      const key = `support/${randomUUID()}.${kind.extension}`;
      assertStorageKey(key);
      await storage.put(key, Readable.from([bytes]), { contentType: kind.contentType });
      try {
        await attachments.store({
          key,
          uploaderId: user.id,
          contentType: kind.contentType,
          sizeBytes: bytes.length,
          originalName: originalName?.slice(0, 255) || null,
        });
      } catch (error) {
        await storage
          .delete(key)
          .catch((e: unknown) => deps.log.warn({ err: e, key }, 'could not delete a file'));
        throw error;
      }
      return { key };
    },

    /**
     * The sweep of support uploads never attached (POST /api/support/upload answers a key that
     * no ticket or message named within `olderThanMs`): their rows and files go. Answers how
     * many. A file that cannot be deleted now is left to the orphan sweep (no row names it).
     */
    async sweepUnattached(olderThanMs: number): Promise<number> {
      const before = new Date(Date.now() - olderThanMs);
      let swept = 0;
      for (;;) {
        const keys = await attachments.deleteUnattached(before, SWEEP_BATCH);
        for (const key of keys) {
          await storage
            .delete(key)
            .catch((e: unknown) => deps.log.warn({ err: e, key }, 'could not delete an unattached file'));
        }
        swept += keys.length;
        if (keys.length < SWEEP_BATCH) return swept;
      }
    },

    /**
     * An attachment's bytes for the ticket's owner and admins; its uploader may see it before
     * it is attached. Anyone else: 404, as if it did not exist.
     */
    async attachment(user: UserRecord, key: string) {
      const row = await attachments.find(key);
      const allowed =
        row &&
        (isAdminUser(user, deps.adminEmail) ||
          (row.ticket ? row.ticket.userId === user.id : row.uploaderId === user.id));
      if (!row || !allowed) throw notFound(SUPPORT_TEXTS.ATTACHMENT_NOT_FOUND);
      return { contentType: row.contentType, size: row.sizeBytes, body: await storage.get(key) };
    },
  };
}

export type SupportUploadsService = ReturnType<typeof createSupportUploadsService>;
