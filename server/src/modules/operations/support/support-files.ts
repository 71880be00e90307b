import { SUPPORT_LIMITS, SUPPORT_TEXTS } from '@beatroom/shared/support-contract';
import { sniffImage } from '../../catalogue/audio/sniff';

/** What a support file is, from its bytes; the uploaded name and declared type are never trusted. */
export interface SupportFileKind {
  extension: 'jpg' | 'png' | 'gif' | 'pdf' | 'txt';
  contentType: string;
}

const ascii = (bytes: Buffer, text: string) =>
  bytes.length >= text.length && bytes.toString('latin1', 0, text.length) === text;

/**
 * Plain text: valid UTF-8 (a BOM allowed) without control characters other than tab, line
 * feed, form feed and carriage return. Binary files (executables, archives, Office documents)
 * fail this on their first bytes.
 */
function isPlainText(bytes: Buffer): boolean {
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decoded);
}

/** JPEG, PNG, GIF, PDF or plain text; null for anything else (and for an empty file). */
export function sniffSupportFile(bytes: Buffer): SupportFileKind | null {
  if (bytes.length === 0) return null;
  const image = sniffImage(bytes.subarray(0, 16));
  if (image === 'jpeg') return { extension: 'jpg', contentType: 'image/jpeg' };
  if (image === 'png') return { extension: 'png', contentType: 'image/png' };
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a')) return { extension: 'gif', contentType: 'image/gif' };
  if (ascii(bytes, '%PDF-')) return { extension: 'pdf', contentType: 'application/pdf' };
  if (isPlainText(bytes)) return { extension: 'txt', contentType: 'text/plain; charset=utf-8' };
  return null;
}

export const SUPPORT_FILE_MAX_BYTES = SUPPORT_LIMITS.FILE_MAX_BYTES;
export const FILE_REFUSED = SUPPORT_TEXTS.FILES_REFUSED;
