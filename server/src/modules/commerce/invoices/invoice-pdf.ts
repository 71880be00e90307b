import { formatDate } from '@beatroom/shared/format-dates';
import { block, masthead, money, renderPdf } from './pdf-render';

/** Everything printed on an invoice; amounts are cents in `currency`. */
export interface InvoicePdfInput {
  invoiceNumber: string;
  paymentDate: Date;
  status: string;
  currency: string;
  /** Who sold: the producer, selling through Beatroom. */
  seller: { name: string; lines?: string[] };
  buyer: { name: string; email?: string | null };
  /** A line's discount (a cart's bulk deal or coupon) is printed under it, as a negative amount. */
  items: {
    name: string;
    quantity: number;
    priceCents: number;
    discountCents?: number;
    discountReason?: 'deal' | 'coupon';
  }[];
  subtotalCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
  paymentMethod?: string | null;
  orderId?: string | null;
}

const LABEL = '#555555';
const INK = '#111111';

/**
 * The invoice as a PDF with every field of an invoice: number, date, seller, buyer, item lines,
 * subtotal, tax, discount and total in the invoice's currency (€ for EUR, else $)
 * (docs/domain.md#invoices-and-credit-notes).
 */
export function invoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderPdf(
    `Invoice ${input.invoiceNumber}`,
    (doc) => {
      const left = doc.page.margins.left;
      const right = doc.page.width - doc.page.margins.right;
      const width = right - left;
      masthead(doc, 'INVOICE');

      const facts = [
        ['Invoice number', input.invoiceNumber],
        ['Date', formatDate(input.paymentDate, 'long')],
        ['Status', input.status.toUpperCase()],
        ['Currency', input.currency],
        ...(input.paymentMethod ? [['Payment', input.paymentMethod.replace(/_/g, ' ')]] : []),
        ...(input.orderId ? [['Order', input.orderId]] : []),
      ];
      for (const [label, value] of facts) {
        const y = doc.y;
        doc.font('Helvetica').fontSize(10).fillColor(LABEL).text(label!, left, y, { width: 110 });
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(INK)
          .text(value!, left + 110, y);
      }
      doc.moveDown(1.5);

      const top = doc.y;
      const sellerEnd = block(
        doc,
        'Seller',
        [input.seller.name, ...(input.seller.lines ?? []), 'via Beatroom'],
        left,
        top,
      );
      const buyerEnd = block(doc, 'Bill to', [input.buyer.name, input.buyer.email], left + width / 2, top);
      doc.y = Math.max(sellerEnd, buyerEnd) + 24;

      // Item table: description | qty | unit price | amount.
      const cols = { qty: left + width * 0.58, unit: left + width * 0.68, amount: left + width * 0.84 };
      const header = doc.y;
      doc.font('Helvetica-Bold').fontSize(10).fillColor(LABEL);
      doc.text('Item', left, header);
      doc.text('Qty', cols.qty, header, { width: 40, align: 'right' });
      doc.text('Unit price', cols.unit, header, { width: 70, align: 'right' });
      doc.text('Amount', cols.amount, header, { width: right - cols.amount, align: 'right' });
      doc
        .moveTo(left, doc.y + 4)
        .lineTo(right, doc.y + 4)
        .strokeColor('#cccccc')
        .stroke();
      doc.moveDown(0.8);
      doc.font('Helvetica').fontSize(10).fillColor(INK);
      for (const item of input.items) {
        const y = doc.y;
        doc.text(item.name, left, y, { width: cols.qty - left - 10 });
        const next = doc.y;
        doc.text(String(item.quantity), cols.qty, y, { width: 40, align: 'right' });
        doc.text(money(item.priceCents, input.currency), cols.unit, y, { width: 70, align: 'right' });
        doc.text(money(item.priceCents * item.quantity, input.currency), cols.amount, y, {
          width: right - cols.amount,
          align: 'right',
        });
        doc.y = Math.max(next, doc.y) + 4;
        if (item.discountCents) {
          const at = doc.y;
          const why = item.discountReason === 'deal' ? 'Bulk deal' : 'Coupon';
          doc.fillColor(LABEL).text(`${why} discount`, left + 12, at, { width: cols.qty - left - 22 });
          doc.text(money(-item.discountCents, input.currency), cols.amount, at, {
            width: right - cols.amount,
            align: 'right',
          });
          doc.fillColor(INK);
          doc.y += 4;
        }
      }
      doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#cccccc').stroke();
      doc.moveDown(0.8);

      const totals: [string, number, boolean][] = [
        ['Subtotal', input.subtotalCents, false],
        ['Tax', input.taxCents, false],
        ['Discount', -input.discountCents, false],
        ['Total', input.totalCents, true],
      ];
      for (const [label, cents, bold] of totals) {
        const y = doc.y;
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(bold ? 12 : 10)
          .fillColor(INK);
        doc.text(label, cols.unit - 40, y, { width: 110, align: 'right' });
        doc.text(money(cents, input.currency), cols.amount, y, {
          width: right - cols.amount,
          align: 'right',
        });
        doc.moveDown(0.3);
      }

      doc.moveDown(3);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(LABEL)
        .text(
          'Thank you for your purchase. Questions about this invoice: contact Beatroom support.',
          left,
          doc.y,
          {
            width,
          },
        );
    },
    options,
  );
}
