import {
  DOWNLOADED_FILES,
  type DownloadedFile,
  type DownloadHistoryItem,
  type PurchaseItem,
} from '@beatroom/shared/downloads-contract';
import { LICENSE_STEMS } from '@beatroom/shared/licensing';
import { LICENSE_IDS, type LicenseId } from '@beatroom/shared/money-constants';
import {
  DOWNLOAD_FORMATS,
  USER_SETTINGS_DEFAULTS,
  type DownloadFormat,
} from '@beatroom/shared/settings-constants';
import { saleBeatSelect } from '../../../db/beat-columns';
import type { Tx } from '../../../db/transaction';
import type { PrismaClient } from '../../../generated/prisma/client';
import { downloadableFormats, masterFormat } from './delivery-plan';

const isLicenseId = (value: string | null): value is LicenseId =>
  (LICENSE_IDS as readonly (string | null)[]).includes(value);
const isDownloadedFile = (value: string): value is DownloadedFile =>
  (DOWNLOADED_FILES as readonly string[]).includes(value);

/** At most this many rows per history list; the page shows a user's recent activity, not an archive. */
export const HISTORY_LIMIT = 200;

/** Downloads: what a user may fetch of a beat, and the record of what they fetched and bought. */
export function createDownloadsRepository(prisma: PrismaClient) {
  return {
    /** The beat columns a download decision needs, or null for an unknown beat. */
    beat(beatId: string) {
      return prisma.beat.findUnique({
        where: { id: beatId },
        select: { ...saleBeatSelect, audioFileKey: true },
      });
    },

    /**
     * The licence types the user holds for the beat and that grant downloads now (granted by
     * fulfilment, not revoked by a refund, not frozen by an open dispute), and whether some
     * licence of theirs is frozen or was revoked: why they may not download.
     */
    async licences(
      userId: string,
      beatId: string,
    ): Promise<{ active: LicenseId[]; frozen: boolean; revoked: boolean }> {
      const rows = await prisma.license.findMany({
        where: { buyerId: userId, beatId },
        select: { licenseType: true, revokedAt: true, frozenAt: true },
      });
      return {
        active: rows
          .filter((r) => !r.revokedAt && !r.frozenAt)
          .map((r) => r.licenseType)
          .filter(isLicenseId),
        frozen: rows.some((r) => !r.revokedAt && r.frozenAt),
        revoked: rows.some((r) => r.revokedAt),
      };
    },

    /** The user's downloadFormat setting, mp3 when unset or unknown. */
    async preferredFormat(userId: string): Promise<DownloadFormat> {
      const row = await prisma.userSettings.findUnique({
        where: { userId },
        select: { downloadFormat: true },
      });
      const format = row?.downloadFormat;
      return (DOWNLOAD_FORMATS as readonly string[]).includes(format ?? '')
        ? (format as DownloadFormat)
        : USER_SETTINGS_DEFAULTS.downloadFormat;
    },

    /**
     * Records one download (a format of the beat or its stems ZIP); a download by anyone but the
     * producer also counts on the beat's download_count (the producer fetching their own file is
     * not a listener's download).
     */
    async record(
      input: {
        userId: string;
        beatId: string;
        licenseType: LicenseId | null;
        format: DownloadedFile;
        counts: boolean;
      },
      /** Written in the download's transaction (the beat.downloaded event). */
      alsoInTransaction?: (tx: Tx) => Promise<unknown>,
    ) {
      await prisma.$transaction(async (tx) => {
        await tx.download.create({
          data: {
            userId: input.userId,
            beatId: input.beatId,
            licenseType: input.licenseType,
            format: input.format,
          },
        });
        if (input.counts) {
          await tx.beat.update({ where: { id: input.beatId }, data: { downloadCount: { increment: 1 } } });
        }
        await alsoInTransaction?.(tx);
      });
    },

    /**
     * Download history, newest first. price_paid_cents is what the user paid for the licence
     * the download was made under (0 for a free beat or the producer's own).
     */
    async history(userId: string): Promise<DownloadHistoryItem[]> {
      const rows = await prisma.download.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: HISTORY_LIMIT,
        select: {
          id: true,
          beatId: true,
          licenseType: true,
          format: true,
          createdAt: true,
          beat: { select: { title: true, coverImageKey: true } },
        },
      });
      const licensed = await prisma.license.findMany({
        where: { buyerId: userId, beatId: { in: [...new Set(rows.map((r) => r.beatId))] } },
        select: { beatId: true, licenseType: true, order: { select: { amountCents: true } } },
      });
      const paid = new Map(licensed.map((l) => [`${l.beatId}:${l.licenseType}`, l.order.amountCents]));
      return rows.map((r) => ({
        id: r.id,
        beat_id: r.beatId,
        beat_title: r.beat.title,
        cover_image_key: r.beat.coverImageKey,
        created_at: r.createdAt.toISOString(),
        price_paid_cents: (r.licenseType && paid.get(`${r.beatId}:${r.licenseType}`)) || 0,
        license_type: isLicenseId(r.licenseType) ? r.licenseType : null,
        // Rows written before the stems were recorded hold a beat format only.
        file: isDownloadedFile(r.format) ? r.format : USER_SETTINGS_DEFAULTS.downloadFormat,
      }));
    },

    /**
     * The licences the user bought, newest first, with what they paid and how, and the formats
     * each delivers of its beat's master.
     */
    async purchases(userId: string): Promise<PurchaseItem[]> {
      const rows = await prisma.license.findMany({
        where: { buyerId: userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: HISTORY_LIMIT,
        select: {
          id: true,
          orderId: true,
          beatId: true,
          licenseType: true,
          createdAt: true,
          beat: { select: { title: true, coverImageKey: true, audioFileKey: true, stemsKey: true } },
          order: { select: { amountCents: true, paymentMethodType: true, paidAt: true } },
        },
      });
      return rows
        .filter((r) => isLicenseId(r.licenseType))
        .map((r) => ({
          id: r.id,
          order_id: r.orderId,
          beat_id: r.beatId,
          beat_title: r.beat.title,
          cover_image_key: r.beat.coverImageKey,
          created_at: (r.order.paidAt ?? r.createdAt).toISOString(),
          price_paid_cents: r.order.amountCents,
          license_type: r.licenseType as LicenseId,
          payment_method: r.order.paymentMethodType,
          // An order may hold several beats: the link names this one's licence.
          license_pdf_url: `/api/orders/${r.orderId}/license.pdf?beat_id=${r.beatId}`,
          formats: downloadableFormats(r.licenseType as LicenseId, masterFormat(r.beat.audioFileKey)),
          stems: LICENSE_STEMS[r.licenseType as LicenseId] && r.beat.stemsKey !== null,
        }));
    },

    /** Downloads of the producer's beats by others since a time (analytics' recentDownloads). */
    downloadsOfProducerSince(producerId: string, since: Date): Promise<number> {
      return prisma.download.count({
        where: { beat: { userId: producerId }, userId: { not: producerId }, createdAt: { gte: since } },
      });
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
