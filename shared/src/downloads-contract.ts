// HTTP contract of downloading beats: whether and in which formats a caller may download one,
// the download itself, and a user's download and purchase history. Money is integer cents;
// dates are ISO 8601 strings.
import { z } from 'zod';
import { Cents, LicenseType } from './money-contract';
import { DOWNLOAD_FORMATS } from './settings-constants';

/**
 * Why a download is refused: payment_required opens the purchase dialog; sold_exclusive means
 * nothing is left to buy (the beat was sold exclusively to someone else); refunded: the buyer's
 * licence was refunded (they may buy again); disputed: the payment is disputed with the bank and
 * downloads wait until the dispute closes.
 */
export const DOWNLOAD_DENIED_REASONS = [
  'payment_required',
  'sold_exclusive',
  'refunded',
  'disputed',
] as const;

/**
 * The formats a caller may download of a beat, main format first (licensing.ts's
 * LICENSE_FORMATS against what the master allows): ['wav', 'mp3'] for a Premium licence of a
 * WAV master, ['mp3'] for a Basic one; empty when the caller may not download.
 */
export const DownloadableFormats = z.array(z.enum(DOWNLOAD_FORMATS));

/** GET /api/beats/{id}/download-status. reason says why (owner, license, free) or why not. */
export const DownloadStatus = z.object({
  canDownload: z.boolean(),
  reason: z.enum(['owner', 'license', 'free', ...DOWNLOAD_DENIED_REASONS]),
  formats: DownloadableFormats,
});
export type DownloadStatus = z.infer<typeof DownloadStatus>;

/**
 * POST /api/beats/{id}/download, optional body. `format` asks for one of the status's
 * `formats` (anything else is a 403); without it the user's downloadFormat setting is
 * delivered when the licence covers it, else the licence's main format.
 */
export const DownloadRequestBody = z.object({ format: z.enum(DOWNLOAD_FORMATS).optional() });
export type DownloadRequestBody = z.infer<typeof DownloadRequestBody>;

/** POST /api/beats/{id}/download. downloadUrl is signed, single-user and short-lived. */
export const DownloadResponse = z.object({
  downloadUrl: z.string(),
  filename: z.string(),
  /** Whether the delivered format is the one asked for: the body's format, else the user's preferred one. */
  formatMatch: z.boolean(),
  originalFormat: z.string(),
  userPreference: z.enum(DOWNLOAD_FORMATS),
});
export type DownloadResponse = z.infer<typeof DownloadResponse>;

/** What a download fetched: one format of the beat, or its stems ZIP (Trackout, Exclusive). */
export const DOWNLOADED_FILES = [...DOWNLOAD_FORMATS, 'stems'] as const;
export type DownloadedFile = (typeof DOWNLOADED_FILES)[number];

const HistoryItem = z.object({
  id: z.string(),
  beat_id: z.string(),
  beat_title: z.string(),
  cover_image_key: z.string().nullable(),
  created_at: z.string(),
  price_paid_cents: Cents,
  /** null when no licence was needed (own or free beat). */
  license_type: LicenseType.nullable(),
});

export const DownloadHistoryItem = HistoryItem.extend({ file: z.enum(DOWNLOADED_FILES) });
export type DownloadHistoryItem = z.infer<typeof DownloadHistoryItem>;

export const PurchaseItem = HistoryItem.extend({
  license_type: LicenseType,
  payment_method: z.string(),
  order_id: z.string(),
  /** GET /api/orders/{id}/license.pdf?beat_id={beat_id}: this beat's licence of the order. */
  license_pdf_url: z.string(),
  /** What this licence delivers of the beat, main format first (a row offers the choice). */
  formats: DownloadableFormats,
  /** The licence includes the stems and the producer uploaded them: POST /api/beats/{id}/stems/download. */
  stems: z.boolean(),
});
export type PurchaseItem = z.infer<typeof PurchaseItem>;

/** GET /api/users/{id}/downloads and /purchases (own only): newest first. */
export const DownloadHistoryResponse = z.array(DownloadHistoryItem);
export const PurchaseListResponse = z.array(PurchaseItem);
