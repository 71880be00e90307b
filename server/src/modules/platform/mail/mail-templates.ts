import { licenseName } from '@beatroom/shared/licensing';
import { CHARGE_CURRENCY, formatChargedFor } from '@beatroom/shared/list-price';
import type { Currency } from '@beatroom/shared/money-constants';
import { escapeHtml } from '../prerender/html';
import type { MailJob } from './mail-jobs';

/** What a mail says, as plain text and as HTML, built from the same paragraphs. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph: plain text, or a sentence ending in a link. */
type Paragraph = string | { text: string; href: string };

function render(subject: string, paragraphs: Paragraph[]): MailContent {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.text}: ${p.href}`)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.text)}</a></p>`,
    )
    .join('\n');
  return { subject, text: `${text}\n`, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` };
}

/**
 * The text of each kind of mail. Links lead to the site's own pages (the buyer signs in there to
 * download), never to signed file URLs: a mail is kept and forwarded long after such a URL
 * should have expired. Amounts are what was charged (USD), with the recipient's own currency
 * beside them when they use another.
 */
export function mailContent(
  job: MailJob,
  recipient: { name: string; currency: Currency },
  siteUrl: string,
): MailContent {
  const hello = `Hi ${recipient.name},`;
  const money = (cents: number) => formatChargedFor(cents, CHARGE_CURRENCY, recipient.currency);
  const settings = {
    text: 'You can turn these e-mails off in your notification settings',
    href: `${siteUrl}/settings?section=notifications`,
  };
  switch (job.kind) {
    case 'receipt': {
      const lines = job.lines ?? [];
      if (lines.length > 1) {
        return render(`Your receipt: ${lines.length} beats`, [
          hello,
          `Thank you for your purchase of ${lines.length} beats for ${money(job.amountCents)} (order ${job.orderId}):`,
          ...lines.map(
            (l) => `${l.beatTitle}, ${licenseName(l.licenseType)} licence: ${money(l.amountCents)}`,
          ),
          'The licence agreement of each beat is attached to this e-mail as a PDF.',
          { text: 'Download your files from your purchases', href: `${siteUrl}/downloads` },
          settings,
        ]);
      }
      return render(`Your receipt: ${job.beatTitle}`, [
        hello,
        `Thank you for your purchase. You bought a ${licenseName(job.licenseType)} licence for ${job.beatTitle} for ${money(job.amountCents)} (order ${job.orderId}).`,
        'Your licence agreement is attached to this e-mail as a PDF.',
        { text: 'Download your files from your purchases', href: `${siteUrl}/downloads` },
        settings,
      ]);
    }
    case 'new_sale':
      return render(`New sale: ${job.beatTitle}`, [
        hello,
        `Someone bought a ${licenseName(job.licenseType)} licence for ${job.beatTitle}: ${money(job.netCents)} to you (order ${job.orderId}).`,
        { text: 'See your earnings', href: `${siteUrl}/earnings` },
        settings,
      ]);
    case 'support_reply':
      return render(`Support replied to your ticket ${job.ticketNumber}`, [
        hello,
        `The support team answered your ticket ${job.ticketNumber}.`,
        { text: 'Read the answer and reply', href: `${siteUrl}/support/ticket/${job.ticketNumber}` },
        settings,
      ]);
    case 'refund':
      return render(`${job.full ? 'Refund' : 'Partial refund'}: ${job.beatTitle}`, [
        hello,
        `Your purchase of ${job.beatTitle} was ${job.full ? 'refunded' : 'partly refunded'}: ${money(job.amountCents)} back (order ${job.orderId}).`,
        `The credit note ${job.creditNoteNumber} is attached to this e-mail as a PDF.`,
        { text: 'Your purchases', href: `${siteUrl}/downloads` },
        settings,
      ]);
  }
}
