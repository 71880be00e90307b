import type { DownloadStatus } from '@beatroom/shared/downloads-contract';
import { PURCHASE_ERRORS } from '@beatroom/shared/purchase-errors';
import { DOWNLOAD_REASON_TEXTS } from '@beatroom/shared/refund-texts';
import type { DownloadFormat } from '@beatroom/shared/settings-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/error-text';
import { usePlatform } from '../../../lib/platform';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { fetchDownloadStatus, purchaseKeys, requestDownload } from '../api';
import { usePurchaseDialog, type PurchaseBeat } from '../store/purchase-dialog-store';

/** The documented download alerts, verbatim. */
export const DOWNLOAD_ALERTS = {
  SIGN_IN: 'Please sign in to download beats.',
  FAILED: 'Failed to download file. Please try again.',
} as const;

export interface DownloadBeatOptions {
  /** After the file was handed to the browser (or the desktop app), e.g. to refresh a history. */
  onDownloaded?: (beatId: string) => void;
}

/** What one download asks for. */
export interface DownloadChoice {
  /** One of the download status's formats (e.g. the WAV a Premium licence includes); without it the server picks. */
  format?: DownloadFormat;
}

/**
 * The download flow: ask the server first whether this user may download; signed
 * out is a 401 (alert, then the sign-in dialog); payment_required opens the purchase dialog and
 * retries the download once the purchase completes; otherwise the signed link is requested and
 * the file saved under the server's filename (an <a download> on the web, the desktop app's own
 * save). `downloadingId` is the beat whose download is under way, for a busy button.
 */
export function useDownloadBeat({ onDownloaded }: DownloadBeatOptions = {}) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);
  const openPurchase = usePurchaseDialog((state) => state.open);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const download = useCallback(
    async function run(beat: PurchaseBeat, { format }: DownloadChoice = {}): Promise<void> {
      setDownloadingId(beat.id);
      try {
        let status: DownloadStatus;
        try {
          status = await fetchDownloadStatus(beat.id);
        } catch (error) {
          if (isApiError(error, 401)) {
            showToast({ type: 'error', title: DOWNLOAD_ALERTS.SIGN_IN });
            openSignIn();
            return;
          }
          console.error(`Failed to check download status: ${describeError(error)}`);
          showToast({ type: 'error', title: DOWNLOAD_ALERTS.FAILED });
          return;
        }
        if (user) queryClient.setQueryData(purchaseKeys.downloadStatus(user.id, beat.id), status);

        if (!status.canDownload) {
          if (status.reason === 'payment_required' || status.reason === 'refunded') {
            // A refunded licence no longer downloads: say so, and offer to buy it again.
            if (status.reason === 'refunded') {
              showToast({ type: 'info', title: DOWNLOAD_REASON_TEXTS.refunded, message: beat.title });
            }
            // No format on the retry: the licence just bought decides what it delivers.
            openPurchase(beat, { onPurchased: () => void run(beat) });
          } else if (status.reason === 'disputed') {
            showToast({ type: 'warning', title: DOWNLOAD_REASON_TEXTS.disputed, message: beat.title });
          } else {
            // Sold exclusively to someone else: nothing left to buy or download.
            showToast({ type: 'warning', title: PURCHASE_ERRORS.SOLD_EXCLUSIVE, message: beat.title });
          }
          return;
        }

        try {
          const file = await requestDownload(beat.id, { format });
          await platform.saveFile({ path: file.downloadUrl, suggestedName: file.filename });
          if (!file.formatMatch) {
            showToast({
              type: 'info',
              title: `Downloaded as ${file.originalFormat.toUpperCase()}`,
              message: `Your licence does not include ${file.userPreference.toUpperCase()}, your preferred format.`,
            });
          }
          onDownloaded?.(beat.id);
        } catch (error) {
          // The server's error (or "Download failed") is only logged.
          console.error(isApiError(error) ? error.message : `Download failed: ${describeError(error)}`);
          showToast({ type: 'error', title: DOWNLOAD_ALERTS.FAILED });
        }
      } finally {
        setDownloadingId((current) => (current === beat.id ? null : current));
      }
    },
    [platform, queryClient, user, openSignIn, openPurchase, onDownloaded],
  );

  return { download, downloadingId };
}
