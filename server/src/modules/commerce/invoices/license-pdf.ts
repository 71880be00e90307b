import type { LicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { allowanceText, creditLineFor } from '@beatroom/shared/licence-terms-text';
import { LICENSE_FORMATS, LICENSE_STEMS } from '@beatroom/shared/licensing';
import { LICENSES, type LicenseId } from '@beatroom/shared/money-constants';
import { formatDate } from '@beatroom/shared/format-dates';
import { block, masthead, money, renderPdf, type Pdf } from './pdf-render';

/** Everything printed on a licence agreement. */
export interface LicensePdfInput {
  licenseType: LicenseId;
  orderNumber: string;
  /** The invoice of the order; null while none was issued. */
  invoiceNumber: string | null;
  date: Date;
  buyer: { name: string; email?: string | null };
  producer: { name: string };
  beat: { id: string; title: string };
  priceCents: number;
  currency: string;
  /** The producer's terms for this licence type (licence-terms module). */
  terms: LicenceTerms;
}

/**
 * What each licence permits in a sentence; the feature list under it is the licence's own
 * (shared/src/money-constants.ts).
 */
const GRANTS: Record<LicenseId, string> = {
  basic:
    'The Producer grants the Licensee a non-exclusive, non-transferable licence to use the Beat for non-commercial purposes, including posting on social media, with the producer tag kept in the audio.',
  premium:
    'The Producer grants the Licensee a non-exclusive, non-transferable licence to use the Beat commercially, including radio and streaming, within the limits below, without the producer tag.',
  trackout:
    'The Producer grants the Licensee a non-exclusive, non-transferable licence to use the Beat commercially, including its separate tracks (stems) to mix and arrange it, within the limits below, without the producer tag.',
  exclusive:
    'The Producer transfers to the Licensee full and exclusive ownership of the Beat for unlimited commercial use. The Beat is removed from the Beatroom store and will not be licensed to anyone else.',
};

const FORMAT_NAMES = { mp3_320: 'MP3 (320 kb/s)', wav: 'WAV', flac: 'FLAC' } as const;

/** The agreement's numbered clauses, after the grant: what the terms say, in sentences. */
function clauses(input: LicensePdfInput): [string, string][] {
  const t = input.terms;
  const files = [
    ...LICENSE_FORMATS[input.licenseType].map((f) => FORMAT_NAMES[f]),
    ...(LICENSE_STEMS[input.licenseType] ? ['the stems (separate tracks) as a ZIP'] : []),
  ].join(', ');
  const term = t.term_years === null ? 'in perpetuity' : `for ${t.term_years} years from the Effective Date`;
  return [
    ['Delivery', `The Producer delivers the Beat as: ${files}, through the Licensee's Beatroom downloads.`],
    ['Term', `This licence lasts ${term}, in the territory: ${t.territory}.`],
    [
      'Credit',
      `The Licensee credits the Producer on every release and listing that uses the Beat as: "${creditLineFor(t, input.producer.name)}".`,
    ],
    [
      'Publishing',
      `The Producer keeps ${t.publishing_split_percent}% of the publishing rights in the composition made with the Beat; the Licensee holds ${100 - t.publishing_split_percent}%.`,
    ],
    [
      'Reserved rights',
      'The Producer keeps every right not granted here. The Licensee may not resell, sublicense or distribute the Beat on its own, as a beat, or register it alone with a content identification system.',
    ],
    [
      'Breach',
      'If the Licensee exceeds the limits or breaks these terms, the licence ends for the uses beyond it, and the Licensee must buy a higher licence or stop those uses.',
    ],
    [
      'Whole agreement',
      `This agreement, order ${input.orderNumber} and its invoice are the whole agreement between the parties about the Beat. It takes effect once payment for the order is complete.`,
    ],
  ];
}

/** The limits table: each allowance of the terms with its value. */
function limitsTable(doc: Pdf, terms: LicenceTerms, left: number, width: number) {
  const rows: [string, string][] = [
    ['Distribution copies (sales, downloads)', allowanceText(terms.distribution_copies)],
    ['Audio streams', allowanceText(terms.audio_streams)],
    ['Video streams', allowanceText(terms.video_streams)],
    ['Paid performances', allowanceText(terms.paid_performances)],
    ['Radio stations', allowanceText(terms.radio_stations)],
    ['Music videos', allowanceText(terms.music_videos)],
  ];
  doc.font('Helvetica').fontSize(10).fillColor('#111111');
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.text(label, left + 10, y, { width: width * 0.6 });
    doc.text(value, left + width * 0.65, y, { width: width * 0.35 });
    doc.moveDown(0.3);
  }
}

/** Signature lines for both parties, side by side. */
function signatures(doc: Pdf, input: LicensePdfInput, left: number, width: number) {
  const y = doc.y + 30;
  const column = (x: number, role: string, name: string) => {
    doc
      .moveTo(x, y)
      .lineTo(x + width / 2 - 30, y)
      .strokeColor('#999999')
      .stroke();
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    doc.text(`${role}: ${name}`, x, y + 6, { width: width / 2 - 30 });
    doc.text('Signature and date', x, doc.y + 2, { width: width / 2 - 30 });
  };
  column(left, 'Producer (Licensor)', input.producer.name);
  column(left + width / 2, 'Buyer (Licensee)', input.buyer.name);
}

/**
 * The licence agreement PDF a buyer receives with each purchase: the parties, the beat, the
 * licence, the producer's terms (limits, term, territory, credit, publishing), the order and
 * invoice numbers, the date and signature lines; two to three pages.
 */
export function licensePdf(input: LicensePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const licence = LICENSES.find((l) => l.id === input.licenseType) ?? LICENSES[0];
  return renderPdf(
    `${licence.name} licence: ${input.beat.title}`,
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      masthead(doc, 'LICENCE AGREEMENT');

      doc.font('Helvetica-Bold').fontSize(16).fillColor('#111111').text(`${licence.name} Licence`, left);
      doc.font('Helvetica').fontSize(11).text(`Beat: "${input.beat.title}"`);
      doc.fontSize(10).fillColor('#555555');
      doc.text(`Order number: ${input.orderNumber}`);
      doc.text(`Invoice number: ${input.invoiceNumber ?? 'not issued yet'}`);
      doc.text(`Effective Date: ${formatDate(input.date, 'long')}`);
      doc.text(`Price paid: ${money(input.priceCents, input.currency)}`);
      doc.moveDown(1.5);

      const top = doc.y;
      const producerEnd = block(doc, 'Producer (Licensor)', [input.producer.name], left, top);
      const buyerEnd = block(
        doc,
        'Buyer (Licensee)',
        [input.buyer.name, input.buyer.email],
        left + width / 2,
        top,
      );
      doc.y = Math.max(producerEnd, buyerEnd) + 24;

      doc.font('Helvetica-Bold').fontSize(12).fillColor('#111111').text('1. Grant', left);
      doc.font('Helvetica').fontSize(10).text(GRANTS[licence.id], { width, align: 'justify' });
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(12).text('2. What the licence includes');
      doc.font('Helvetica').fontSize(10);
      for (const feature of licence.features)
        doc.text(`- ${feature}`, left + 10, doc.y, { width: width - 10 });
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(12).text('3. Limits', left);
      limitsTable(doc, input.terms, left, width);

      // The clauses and signatures start a page of their own: the agreement reads as one.
      doc.addPage();
      clauses(input).forEach(([title, text], i) => {
        doc
          .font('Helvetica-Bold')
          .fontSize(12)
          .fillColor('#111111')
          .text(`${i + 4}. ${title}`, left);
        // Left-aligned: justified lines are drawn word by word, and their text no longer reads whole.
        doc.font('Helvetica').fontSize(10).text(text, left, doc.y, { width });
        doc.moveDown();
      });
      doc.moveDown();
      doc.font('Helvetica').fontSize(10).text('Signed by the parties:', left);
      signatures(doc, input, left, width);
    },
    options,
  );
}
