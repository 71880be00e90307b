import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** `<UTC stamp>-<random>.eml`: made here, so a name that does not match was never written here. */
const EML_NAME = /^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/;

const Summary = z.object({ to: z.string(), subject: z.string(), date: z.string() });
export type MailSummary = z.infer<typeof Summary> & { file: string };

/**
 * Where mail goes when no SMTP server is configured outside production: each message as an .eml
 * file (the raw message an SMTP server would have received) beside a small JSON summary, so a
 * developer can read what would have been sent (GET /dev/mail) without parsing MIME.
 */
export function createDevMailbox(dir: string) {
  return {
    dir,

    async save(raw: Buffer, summary: Omit<MailSummary, 'file'>): Promise<string> {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      const file = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(dir, file), raw);
      await writeFile(join(dir, `${file}.json`), JSON.stringify(summary));
      return file;
    },

    /** Newest first; a summary that is missing or unreadable leaves its mail out. */
    async list(): Promise<MailSummary[]> {
      const names = await readdir(dir).catch(() => [] as string[]);
      const mails: MailSummary[] = [];
      for (const file of names
        .filter((n) => EML_NAME.test(n))
        .sort()
        .reverse()) {
        const json = await readFile(join(dir, `${file}.json`), 'utf8').catch(() => 'null');
        let parsed;
        try {
          parsed = Summary.safeParse(JSON.parse(json));
        } catch {
          continue;
        }
        if (parsed.success) mails.push({ ...parsed.data, file });
      }
      return mails;
    },

    /** The raw message, or null for a name this mailbox did not write. */
    async read(file: string): Promise<Buffer | null> {
      if (!EML_NAME.test(file)) return null;
      return readFile(join(dir, file)).catch(() => null);
    },
  };
}

export type DevMailbox = ReturnType<typeof createDevMailbox>;
