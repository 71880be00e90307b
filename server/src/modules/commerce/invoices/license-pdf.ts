import { LICENSES, type LicenseId } from '@beatroom/shared/money-constants';
import { formatDate } from '@beatroom/shared/format-dates';
import { block, masthead, money, renderPdf } from './pdf-render';

/** Everything printed on a licence agreement. */
export interface LicensePdfInput {
  licenseType: LicenseId;
  orderNumber: string;
  date: Date;
  buyer: { name: string; email?: string | null };
  producer: { name: string };
  beat: { id: string; title: string };
  priceCents: number;
  currency: string;
}

/**
 * What each licence permits in a sentence; the feature list under it is the licence's own
 * (shared/src/money-constants.ts).
 */
const GRANTS: Record<LicenseId, string> = {
  basic:
    'The Producer grants the Licensee a non-exclusive, non-transferable licence to use the Beat for non-commercial purposes, including posting on social media, with the producer tag kept in the audio.',
  premium:
    'The Producer grants the Licensee a non-exclusive, non-transferable licence to use the Beat commercially, including radio and streaming, up to 100,000 streams, without the producer tag.',
  trackout:
    'The Producer grants the Licensee a non-exclusive, non-transferable licence to use the Beat commercially, including its separate tracks (stems) to mix and arrange it, without the producer tag.',
  exclusive:
    'The Producer transfers to the Licensee full and exclusive ownership of the Beat for unlimited commercial use. The Beat is removed from the Beatroom store and will not be licensed to anyone else. Crediting the Producer is optional.',
};

/**
 * The licence agreement PDF a buyer receives with each purchase: the parties, the beat, the
 * licence and its terms, the order number and the date.
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
      doc.text(`Date: ${formatDate(input.date, 'long')}`);
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

      doc.font('Helvetica-Bold').fontSize(12).fillColor('#111111').text('Grant', left);
      doc.font('Helvetica').fontSize(10).text(GRANTS[licence.id], { width, align: 'justify' });
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(12).text('Licence terms');
      doc.font('Helvetica').fontSize(10);
      for (const feature of licence.features)
        doc.text(`- ${feature}`, left + 10, doc.y, { width: width - 10 });
      doc.moveDown();
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('#555555')
        .text(
          `This agreement takes effect on the date above, once payment for order ${input.orderNumber} is complete. ` +
            'The Producer keeps the rights not granted here. The Licensee may not resell or redistribute the Beat as a beat.',
          left,
          doc.y,
          { width },
        );
    },
    options,
  );
}
