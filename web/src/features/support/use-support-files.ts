import { SUPPORT_FILE_TYPES, SUPPORT_LIMITS, SUPPORT_TEXTS } from '@beatroom/shared/support-contract';
import { useState } from 'react';

const allowed = (file: File) =>
  (SUPPORT_FILE_TYPES as readonly string[]).includes(file.type) &&
  file.size > 0 &&
  file.size <= SUPPORT_LIMITS.FILE_MAX_BYTES;

/**
 * Files picked for a ticket or a reply: images, PDFs and text under 10 MB,
 * at most `max`. What does not fit is left out with the documented message; the server checks the
 * content again on upload.
 */
export function useSupportFiles(max: number, tooManyMessage: string) {
  const [files, setFiles] = useState<File[]>([]);
  const [warning, setWarning] = useState<string | null>(null);

  return {
    files,
    warning,
    add(list: FileList | File[] | null) {
      const picked = [...(list ?? [])];
      const fitting = picked.filter(allowed);
      let next = [...files, ...fitting];
      let message: string | null = fitting.length < picked.length ? SUPPORT_TEXTS.FILES_REFUSED : null;
      if (next.length > max) {
        next = next.slice(0, max);
        message = tooManyMessage;
      }
      setFiles(next);
      setWarning(message);
    },
    remove(index: number) {
      setFiles(files.filter((_, i) => i !== index));
      setWarning(null);
    },
    clear() {
      setFiles([]);
      setWarning(null);
    },
  };
}
