/** Hands a made file to the browser's download (a mixdown lives only in memory). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; revoking later keeps slow browsers from losing it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name from the recording's name: no path characters. */
export const fileNameOf = (name: string, extension = 'wav') =>
  `${name.trim().replace(/[\\/:*?"<>|]+/g, '-') || 'Vocal Cover'}.${extension}`;
