import { formatDate } from '@beatroom/shared/format-dates';
import { block, masthead, money, renderPdf } from './pdf-render';

/** Everything printed on a credit note; amounts are the cents given back, in `currency`. */
export interface CreditNotePdfInput {
  creditNoteNumber: string;
  invoiceNumber: string;
  issuedAt: Date;
  currency: string;
  reason: string;
  seller: { name: string };
  buyer: { name: string; email?: string | null };
  items: { name: string; quantity: number; priceCents: number }[];
  totalCents: number;
}

const LABEL = '#555555';
const INK = '#111111';

/**
 * A credit note as a PDF: it corrects the invoice it names by the amount refunded, with the
 * reason, so the buyer's records show both the charge and the money given back.
 */
export function creditNotePdf(
  input: CreditNotePdfInput,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  return renderPdf(
    `Credit note ${input.creditNoteNumber}`,
    (doc) => {
      const left = doc.page.margins.left;
      const right = doc.page.width - doc.page.margins.right;
      const width = right - left;
      masthead(doc, 'CREDIT NOTE');

      const facts = [
        ['Credit note', input.creditNoteNumber],
        ['Corrects invoice', input.invoiceNumber],
        ['Date', formatDate(input.issuedAt, 'long')],
        ['Currency', input.currency],
        ['Reason', input.reason],
      ];
      for (const [label, value] of facts) {
        const y = doc.y;
        doc.font('Helvetica').fontSize(10).fillColor(LABEL).text(label!, left, y, { width: 110 });
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(INK)
          .text(value!, left + 110, y, { width: width - 110 });
      }
      doc.moveDown(1.5);

      const top = doc.y;
      const sellerEnd = block(doc, 'Seller', [input.seller.name, 'via Beatroom'], left, top);
      const buyerEnd = block(
        doc,
        'Refunded to',
        [input.buyer.name, input.buyer.email],
        left + width / 2,
        top,
      );
      doc.y = Math.max(sellerEnd, buyerEnd) + 24;

      const amountX = left + width * 0.75;
      doc.font('Helvetica-Bold').fontSize(10).fillColor(LABEL);
      const header = doc.y;
      doc.text('Refunded item', left, header);
      doc.text('Amount', amountX, header, { width: right - amountX, align: 'right' });
      doc.moveDown(0.8);
      doc.font('Helvetica').fontSize(10).fillColor(INK);
      for (const item of input.items) {
        const y = doc.y;
        doc.text(item.name, left, y, { width: amountX - left - 10 });
        const next = doc.y;
        doc.text(`-${money(item.priceCents * item.quantity, input.currency)}`, amountX, y, {
          width: right - amountX,
          align: 'right',
        });
        doc.y = Math.max(next, doc.y) + 4;
      }
      doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#cccccc').stroke();
      doc.moveDown(0.8);
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(12).fillColor(INK);
      doc.text('Total refunded', amountX - 150, y, { width: 140, align: 'right' });
      doc.text(money(input.totalCents, input.currency), amountX, y, {
        width: right - amountX,
        align: 'right',
      });
    },
    options,
  );
}
