import type { DownloadStatus } from '@beatroom/shared/downloads-contract';
import { LICENSE_FORMATS, type DeliveryFormat } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { DownloadFormat } from '@beatroom/shared/settings-constants';

/** The rendition format name media jobs store for an MP3 320 kb/s made from a lossless master. */
export const MP3_320_RENDITION = 'mp3_320' satisfies DeliveryFormat;

/**
 * Who may download (docs/domain.md#licences-and-downloads): the producer, anyone holding a licence,
 * anyone signed in for a free beat; everyone else must buy, unless the beat was sold exclusively,
 * when there is nothing left to buy.
 */
export function downloadAccess(input: {
  isOwner: boolean;
  isFree: boolean;
  licence: LicenseId | null;
  soldExclusive: boolean;
  /** A licence of the user's waits on an open dispute of its payment. */
  frozen?: boolean;
  /** A licence of the user's was refunded (revoked). */
  revoked?: boolean;
}): Omit<DownloadStatus, 'formats'> {
  if (input.isOwner) return { canDownload: true, reason: 'owner' };
  if (input.licence) return { canDownload: true, reason: 'license' };
  if (input.frozen) return { canDownload: false, reason: 'disputed' };
  if (input.soldExclusive) return { canDownload: false, reason: 'sold_exclusive' };
  if (input.isFree) return { canDownload: true, reason: 'free' };
  if (input.revoked) return { canDownload: false, reason: 'refunded' };
  return { canDownload: false, reason: 'payment_required' };
}

/** The format of a master from its storage key: audio/<uuid>.mp3|wav|flac. */
export function masterFormat(audioFileKey: string): DownloadFormat {
  const extension = audioFileKey.slice(audioFileKey.lastIndexOf('.') + 1).toLowerCase();
  return extension === 'wav' || extension === 'flac' ? extension : 'mp3';
}

/** One file the server can hand out: the master itself, or a rendition made from it. */
export type DeliverableFile =
  | { format: DownloadFormat; source: 'master' }
  | { format: 'mp3'; source: 'rendition'; rendition: typeof MP3_320_RENDITION };

/** Who holds the download right: a licence, anyone for a free beat, or the producer. */
export type DownloadRight = LicenseId | 'free' | 'owner';

/** The licence a right delivers like: a free beat as Basic, the producer as Exclusive. */
const licenceOf = (right: DownloadRight): LicenseId =>
  right === 'free' ? 'basic' : right === 'owner' ? 'exclusive' : right;

/**
 * The files a download right covers, main format first, after licensing.ts's LICENSE_FORMATS.
 * The MP3 320 is the master when it is an MP3, otherwise the rendition media
 * jobs make from the lossless master. A FLAC master stands in for a licence's WAV: the server
 * does not convert between lossless formats, and a Premium buyer must not end up with an MP3 only.
 */
export function deliverableFiles(right: DownloadRight, master: DownloadFormat): DeliverableFile[] {
  const allowed: readonly DeliveryFormat[] = LICENSE_FORMATS[licenceOf(right)];
  const mp3: DeliverableFile =
    master === 'mp3'
      ? { format: 'mp3', source: 'master' }
      : { format: 'mp3', source: 'rendition', rendition: MP3_320_RENDITION };
  const lossless =
    master !== 'mp3' && (allowed.includes(master) || (master === 'flac' && allowed.includes('wav')));
  return lossless ? [{ format: master, source: 'master' }, mp3] : [mp3];
}

/** The formats a right may download of a master, main format first (download-status's formats). */
export function downloadableFormats(right: DownloadRight, master: DownloadFormat): DownloadFormat[] {
  return deliverableFiles(right, master).map((file) => file.format);
}

/**
 * Why a format someone asked for is refused, for the 403: the licence does not cover it
 * ("Your licence does not include WAV"), or it does but this beat has no such file (an MP3
 * master has no WAV; the server does not convert).
 */
export function formatRefusal(right: DownloadRight, format: DownloadFormat): string {
  const name = format.toUpperCase();
  const allowed: readonly DeliveryFormat[] = LICENSE_FORMATS[licenceOf(right)];
  if (allowed.includes(format === 'mp3' ? MP3_320_RENDITION : format)) return `This beat has no ${name} file`;
  return right === 'free'
    ? `A free download does not include ${name}`
    : `Your licence does not include ${name}`;
}

/**
 * The file to deliver: the wanted format (the one asked for, else the user's preferred one)
 * when the right covers it, otherwise the right's main format. formatMatch tells the client
 * which happened.
 */
export function planDelivery(input: {
  right: DownloadRight;
  master: DownloadFormat;
  wanted: DownloadFormat;
}): { file: DeliverableFile; formatMatch: boolean } {
  const files = deliverableFiles(input.right, input.master);
  const file = files.find((f) => f.format === input.wanted) ?? files[0]!;
  return { file, formatMatch: file.format === input.wanted };
}

/** Characters Windows (the strictest) refuses in a file name; control characters go too. */
const FORBIDDEN_IN_FILENAMES = '<>:"/\\|?*';

/** A file name a person and every OS accept: the beat title, cleaned, with the format's extension. */
export function downloadFilename(title: string, format: DownloadFormat): string {
  const cleaned = [...title.normalize('NFC')]
    .map((c) => (c < ' ' || c === '\u007f' || FORBIDDEN_IN_FILENAMES.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${cleaned || 'beat'}.${format}`;
}
