import type { UserRecord } from '../users/user-record';
import type { AttachmentsOf } from './mail.service';

type Pdf = Promise<{ pdf: Buffer; filename: string }>;

/** The documents mails carry, made by the invoices module for a user who is a party to them. */
export interface MailDocuments {
  licencePdf(user: UserRecord, orderId: string, beatId?: string): Pdf;
  creditNotePdf(user: UserRecord, creditNoteNumber: string): Pdf;
}

const asPdf = ({ pdf, filename }: Awaited<Pdf>) => ({
  filename,
  content: pdf,
  contentType: 'application/pdf',
});

/**
 * The receipt carries the licence agreement, the refund mail the credit note. They are asked for
 * as the recipient, so the documents module's own rule (only its parties) decides, and they are
 * made when the mail is sent, as the account pages would show them.
 */
export function mailAttachments(documents: MailDocuments): AttachmentsOf {
  return async (job, recipient) => {
    switch (job.kind) {
      case 'receipt': {
        // Every line's licence of a cart order; a single purchase's one, as before.
        const beats = job.lines && job.lines.length > 1 ? job.lines.map((l) => l.beatId) : [undefined];
        return Promise.all(
          beats.map(async (b) => asPdf(await documents.licencePdf(recipient, job.orderId, b))),
        );
      }
      case 'refund':
        return [asPdf(await documents.creditNotePdf(recipient, job.creditNoteNumber))];
      default:
        return [];
    }
  };
}
