import type PDFDocument from 'pdfkit';
import { currencySymbol } from '@beatroom/shared/format-money';

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * Renders a one-document PDF into memory. Invoices and licences are a page or two, so a Buffer
 * is simpler for the routes than a stream and lets them send a Content-Length. Only pdfkit's
 * built-in fonts are used (no font files to ship); they cover WinAnsi, which includes €.
 */
export async function renderPdf(
  title: string,
  draw: (doc: Pdf) => void,
  options: { compress?: boolean } = {},
) {
  // pdfkit (~30 MB with its font metrics) loads with the first document, not at server start-up.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: options.compress ?? true,
      info: { Title: title, Author: 'Beatroom', Creator: 'Beatroom' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * An amount on a document: symbol and two decimals, "$0.00" included (formatPrice would say
 * "Free", which is right on a price tag and wrong on a tax line).
 */
export function money(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** The document's masthead: the Beatroom name and the document kind on the right. */
export function masthead(doc: Pdf, kind: string) {
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#111111').text('Beatroom', doc.page.margins.left, top);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text('Premium Beat Marketplace');
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#111111')
    .text(kind, doc.page.margins.left, top + 4, { align: 'right' });
  doc.moveDown(2);
}

/** A small grey label over a block of lines (Seller, Buyer, ...). */
export function block(doc: Pdf, label: string, lines: (string | null | undefined)[], x: number, y: number) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555').text(label.toUpperCase(), x, y);
  doc.font('Helvetica').fontSize(11).fillColor('#111111');
  for (const line of lines) if (line) doc.text(line, x, doc.y, { width: 230 });
  return doc.y;
}
