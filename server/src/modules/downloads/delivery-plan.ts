import type { DownloadStatus } from '@beatroom/shared/money-contract';
import { LICENSE_FORMATS, type DeliveryFormat } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { DownloadFormat } from '@beatroom/shared/settings-constants';

/** The rendition format name media jobs store for an MP3 320 kb/s made from a lossless master. */
export const MP3_320_RENDITION = 'mp3_320' satisfies DeliveryFormat;

/**
 * Who may download (the rule): the producer, anyone holding a licence, anyone signed
 * in for a free beat; everyone else must buy, unless the beat was sold exclusively, when there
 * is nothing left to buy.
 */
export function downloadAccess(input: {
  isOwner: boolean;
  isFree: boolean;
  licence: LicenseId | null;
  soldExclusive: boolean;
}): DownloadStatus {
  if (input.isOwner) return { canDownload: true, reason: 'owner' };
  if (input.licence) return { canDownload: true, reason: 'license' };
  if (input.soldExclusive) return { canDownload: false, reason: 'sold_exclusive' };
  if (input.isFree) return { canDownload: true, reason: 'free' };
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

/**
 * The files a download right covers, main format first, after licensing.ts's LICENSE_FORMATS
 * (money.md §9). A free beat delivers what a Basic licence does, the producer what an Exclusive
 * does. The MP3 320 is the master when it is an MP3, otherwise the rendition media jobs make
 * from the lossless master. A FLAC master stands in for a licence's WAV: the server does not
 * convert between lossless formats, and a Premium buyer must not end up with an MP3 only.
 */
export function deliverableFiles(
  right: LicenseId | 'free' | 'owner',
  master: DownloadFormat,
): DeliverableFile[] {
  const licence: LicenseId = right === 'free' ? 'basic' : right === 'owner' ? 'exclusive' : right;
  const allowed: readonly DeliveryFormat[] = LICENSE_FORMATS[licence];
  const mp3: DeliverableFile =
    master === 'mp3'
      ? { format: 'mp3', source: 'master' }
      : { format: 'mp3', source: 'rendition', rendition: MP3_320_RENDITION };
  const lossless =
    master !== 'mp3' && (allowed.includes(master) || (master === 'flac' && allowed.includes('wav')));
  return lossless ? [{ format: master, source: 'master' }, mp3] : [mp3];
}

/**
 * The file to deliver: the user's preferred format when the right covers it, otherwise the
 * right's main format. formatMatch tells the client which happened.
 */
export function planDelivery(input: {
  right: LicenseId | 'free' | 'owner';
  master: DownloadFormat;
  preference: DownloadFormat;
}): { file: DeliverableFile; formatMatch: boolean } {
  const files = deliverableFiles(input.right, input.master);
  const preferred = files.find((f) => f.format === input.preference);
  const file = preferred ?? files[0]!;
  return { file, formatMatch: file.format === input.preference };
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
