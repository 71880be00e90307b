import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import type {
  DownloadedFile,
  DownloadHistoryItem,
  DownloadRequestBody,
  DownloadResponse,
  DownloadStatus,
  PurchaseItem,
} from '@beatroom/shared/downloads-contract';
import { bestLicense, LICENSE_STEMS } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { STEMS_ERRORS } from '@beatroom/shared/stems-contract';
import { DOWNLOAD_REASON_TEXTS } from '@beatroom/shared/refund-texts';
import type { DomainEvents } from '../../../events/domain-events';
import { conflict, forbidden, notFound, paymentRequired } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import {
  downloadAccess,
  downloadableFormats,
  downloadFilename,
  formatRefusal,
  masterFormat,
  planDelivery,
  type DownloadRight,
} from './delivery-plan';
import type { DownloadsRepository } from './downloads.repository';
import { DownloadTokenError, type DownloadGrant, type DownloadSigner } from './signed-url';

export const BUY_TO_DOWNLOAD = 'Buy a licence to download this beat';
export const LICENCE_REFUNDED = DOWNLOAD_REASON_TEXTS.refunded;
export const DOWNLOAD_DISPUTED = DOWNLOAD_REASON_TEXTS.disputed;
export const SOLD_EXCLUSIVELY = 'This beat was sold exclusively and can no longer be downloaded';
export const MP3_BEING_PREPARED = 'The MP3 of this beat is being prepared. Please try again in a minute.';
export const LINK_REFUSED = 'This download link has expired or is not yours. Start the download again.';
export const HISTORY_OWN_ONLY = 'You can only see your own downloads and purchases';

/** Where the MP3 320 of a lossless master lives, once media jobs have made it (the previews service). */
export interface RenditionLookup {
  rendition(beatId: string, format: 'mp3_320'): Promise<{ storageKey: string } | null>;
}

/**
 * Downloads: who may download a beat, which file their licence and
 * settings give them, a signed single-user URL for it, and the history of downloads and
 * purchases. Access is decided before any file key is looked at.
 */
export function createDownloadsService(deps: {
  repo: DownloadsRepository;
  signer: DownloadSigner;
  renditions: RenditionLookup;
  events: DomainEvents;
}) {
  const { repo, signer } = deps;

  async function decide(user: UserRecord, beatId: string) {
    const beat = await repo.beat(beatId);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    const isOwner = beat.userId === user.id;
    const held = isOwner ? null : await repo.licences(user.id, beatId);
    const licence = held ? bestLicense(held.active) : null;
    const access = downloadAccess({
      isOwner,
      // A deleted producer's beat is kept for its licence holders only.
      isFree: (beat.isFree || beat.priceCents === 0) && beat.delistedAt === null,
      licence,
      soldExclusive: beat.soldExclusiveAt !== null,
      frozen: held?.frozen ?? false,
      revoked: held?.revoked ?? false,
    });
    const right: DownloadRight | null = access.canDownload ? (isOwner ? 'owner' : (licence ?? 'free')) : null;
    return { beat, isOwner, licence, access, right, master: masterFormat(beat.audioFileKey) };
  }

  /**
   * Records a download in the user's history; one by anyone but the producer counts on the beat
   * and tells its analytics (beat.downloaded).
   */
  async function record(
    user: UserRecord,
    beat: { id: string; userId: string },
    licence: LicenseId | null,
    file: DownloadedFile,
  ) {
    const isOwner = beat.userId === user.id;
    let eventId: string | null = null;
    await repo.record(
      { userId: user.id, beatId: beat.id, licenseType: licence, format: file, counts: !isOwner },
      async (tx) => {
        if (isOwner) return;
        eventId = await deps.events.record(tx, {
          type: 'beat.downloaded',
          beatId: beat.id,
          producerId: beat.userId,
          userId: user.id,
        });
      },
    );
    if (eventId) await deps.events.deliver([eventId]);
  }

  /** Why someone without a download right gets nothing, as the HTTP error to answer. */
  function refusal(reason: DownloadStatus['reason']) {
    if (reason === 'sold_exclusive') return forbidden(SOLD_EXCLUSIVELY);
    if (reason === 'disputed') return forbidden(DOWNLOAD_DISPUTED);
    if (reason === 'refunded') return paymentRequired(LICENCE_REFUNDED);
    return paymentRequired(BUY_TO_DOWNLOAD);
  }

  return {
    /** GET /api/beats/{id}/download-status */
    async status(user: UserRecord, beatId: string): Promise<DownloadStatus> {
      const { access, right, master } = await decide(user, beatId);
      return { ...access, formats: right ? downloadableFormats(right, master) : [] };
    },

    /**
     * POST /api/beats/{id}/download: picks the file (the format asked for, else the user's
     * preference, else the licence's main one), records the download and answers a signed URL
     * for it. A format the right does not cover is a 403 and records nothing. A lossless
     * master whose MP3 rendition does not exist yet is a 409: the client can retry shortly
     * (media jobs make it after upload).
     */
    async request(
      user: UserRecord,
      beatId: string,
      body: DownloadRequestBody = {},
    ): Promise<DownloadResponse> {
      const { beat, licence, access, right, master: original } = await decide(user, beatId);
      if (!right) throw refusal(access.reason);
      const preference = await repo.preferredFormat(user.id);
      const { format } = body;
      if (format && !downloadableFormats(right, original).includes(format)) {
        throw forbidden(formatRefusal(right, format));
      }
      const { file, formatMatch } = planDelivery({ right, master: original, wanted: format ?? preference });

      let key = beat.audioFileKey;
      if (file.source === 'rendition') {
        const rendition = await deps.renditions.rendition(beat.id, file.rendition);
        if (!rendition) throw conflict(MP3_BEING_PREPARED);
        key = rendition.storageKey;
      }
      const filename = downloadFilename(beat.title, file.format);
      const { token } = signer.sign({ userId: user.id, key, filename });
      await record(user, beat, licence, file.format);
      return {
        downloadUrl: `/api/downloads/${token}`,
        filename,
        formatMatch,
        originalFormat: original,
        userPreference: preference,
      };
    },

    /**
     * POST /api/beats/{id}/stems/download: a signed link to the stems ZIP for the producer and
     * holders of a licence that includes the stems (Trackout, Exclusive), recorded in the
     * download history like a file; the same refusals as a file download otherwise, 403 for a
     * licence without stems, 404 when there are none (neither records anything).
     */
    async stems(
      user: UserRecord,
      beatId: string,
    ): Promise<Pick<DownloadResponse, 'downloadUrl' | 'filename'>> {
      const { beat, licence, access, right } = await decide(user, beatId);
      if (!right) throw refusal(access.reason);
      if (right === 'free' || !LICENSE_STEMS[right === 'owner' ? 'exclusive' : right]) {
        throw forbidden(STEMS_ERRORS.NOT_INCLUDED);
      }
      if (!beat.stemsKey) throw notFound(STEMS_ERRORS.NONE);
      const filename = `${downloadFilename(beat.title, 'mp3').replace(/\.mp3$/, '')} (stems).zip`;
      const { token } = signer.sign({ userId: user.id, key: beat.stemsKey, filename });
      await record(user, beat, licence, 'stems');
      return { downloadUrl: `/api/downloads/${token}`, filename };
    },

    /** GET /api/downloads/{token}: the grant behind a link, for the user it was made for only. */
    grant(user: UserRecord, token: string): DownloadGrant {
      try {
        return signer.verify(token, user.id);
      } catch (error) {
        if (error instanceof DownloadTokenError) throw forbidden(LINK_REFUSED);
        throw error;
      }
    },

    async history(viewer: UserRecord, userId: string): Promise<DownloadHistoryItem[]> {
      if (viewer.id !== userId) throw forbidden(HISTORY_OWN_ONLY);
      return repo.history(userId);
    },

    async purchases(viewer: UserRecord, userId: string): Promise<PurchaseItem[]> {
      if (viewer.id !== userId) throw forbidden(HISTORY_OWN_ONLY);
      return repo.purchases(userId);
    },

    /** Downloads of a producer's beats by others since a time (analytics' recentDownloads). */
    recentDownloadsOf(producerId: string, since: Date): Promise<number> {
      return repo.downloadsOfProducerSince(producerId, since);
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
