import nodemailer from 'nodemailer';
import type { DevMailbox } from './dev-mailbox';

/** A message ready to go: the From is the transport's. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * How mail leaves: 'smtp' through SMTP_URL; 'files' into the dev mailbox (outside production
 * without SMTP_URL); 'off' in production without SMTP_URL, where nothing is sent at all.
 */
export interface MailTransport {
  readonly mode: 'smtp' | 'files' | 'off';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(options: {
  smtpUrl: string | null;
  from: string;
  production: boolean;
  mailbox: DevMailbox;
}): MailTransport {
  const { smtpUrl, from, mailbox } = options;
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await smtp.sendMail({ from, ...mail });
      },
      close: () => smtp.close(),
    };
  }
  if (options.production) {
    return {
      mode: 'off',
      async send() {},
      close() {},
    };
  }
  // nodemailer builds the same raw message it would hand an SMTP server, kept as a buffer.
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'files',
    async send(mail) {
      const info = await files.sendMail({ from, ...mail });
      await mailbox.save(info.message as Buffer, {
        to: mail.to,
        subject: mail.subject,
        date: new Date().toISOString(),
      });
    },
    close: () => files.close(),
  };
}
