import { InvoiceItem, type Invoice, type InvoiceListResponse } from '@beatroom/shared/money-contract';
import type { ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { LICENSE_IDS, type LicenseId } from '@beatroom/shared/money-constants';
import { z } from 'zod';
import { forbidden, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import { REFUND_ERRORS } from '@beatroom/shared/refunds-contract';
import { creditNotePdf } from './credit-note-pdf';
import { invoicePdf } from './invoice-pdf';
import type { InvoicesRepository } from './invoices.repository';
import { licensePdf } from './license-pdf';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const LICENCE_NOT_FOUND = 'Licence not found';
export const LICENCE_PARTIES_ONLY = 'Only the buyer and the producer can open this licence';

const Items = z.array(InvoiceItem);

/** The stored items JSON as a list; a row written by hand that does not parse shows no lines. */
function itemsOf(json: unknown): InvoiceItem[] {
  const parsed = Items.safeParse(json);
  return parsed.success ? parsed.data : [];
}

type InvoiceRow = Awaited<ReturnType<InvoicesRepository['page']>>['rows'][number];

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    // The API sends an invoice's items as JSON text, not as an array.
    items: JSON.stringify(itemsOf(row.items)),
    payment_date: row.paymentDate.toISOString(),
    transaction_type: row.transactionType as Invoice['transaction_type'],
    // Shown from the refunds, never by editing the invoice: it stays what was charged.
    status: row.refunds.some((r) => r.full)
      ? 'refunded'
      : row.refunds.length
        ? 'partially_refunded'
        : row.status,
    payment_provider: row.paymentProvider,
    payment_method_type: row.paymentMethodType as Invoice['payment_method_type'],
    currency: row.currency as Invoice['currency'],
    subtotal_cents: row.subtotalCents,
    tax_cents: row.taxCents,
    discount_cents: row.discountCents,
    total_cents: row.totalCents,
    credit_notes: row.refunds.flatMap((r) =>
      r.creditNote
        ? [
            {
              credit_note_number: r.creditNote.creditNoteNumber,
              issued_at: r.creditNote.issuedAt.toISOString(),
              total_cents: r.creditNote.totalCents,
              reason: r.creditNote.reason,
            },
          ]
        : [],
    ),
  };
}

/**
 * Invoices and licence agreements. Each is shown only to its parties:
 * an invoice to the user it was issued to (anyone else gets the same 404 as for a number that
 * does not exist), a licence to its buyer and the producer who sold it.
 */
export function createInvoicesService(deps: {
  repo: InvoicesRepository;
  /** A producer's licence terms (licence-terms module), printed in the agreement. */
  terms: (producerId: string) => Promise<ProducerLicenceTerms>;
}) {
  const { repo } = deps;
  return {
    async list(user: UserRecord, query: { page: number; limit: number }): Promise<InvoiceListResponse> {
      const { rows, total } = await repo.page(user.id, query.page, query.limit);
      return {
        invoices: rows.map(toInvoice),
        pagination: { page: query.page, pages: Math.ceil(total / query.limit), total },
      };
    },

    /** The invoice as a PDF, with a file name for the download. */
    async invoicePdf(user: UserRecord, invoiceNumber: string): Promise<{ pdf: Buffer; filename: string }> {
      const invoice = await repo.byNumber(invoiceNumber);
      if (!invoice || invoice.userId !== user.id) throw notFound(INVOICE_NOT_FOUND);
      const pdf = await invoicePdf({
        invoiceNumber: invoice.invoiceNumber,
        paymentDate: invoice.paymentDate,
        status: invoice.status,
        currency: invoice.currency,
        // Credits, subscriptions and promotions are sold by Beatroom itself.
        seller: invoice.seller ? { name: invoice.seller.name } : { name: 'Beatroom' },
        buyer: { name: invoice.buyer.name, email: invoice.buyer.email },
        items: itemsOf(invoice.items).map((i) => ({
          name: i.name,
          quantity: i.quantity,
          priceCents: i.price,
          discountCents: i.discount,
          discountReason: i.discount_reason,
        })),
        subtotalCents: invoice.subtotalCents,
        taxCents: invoice.taxCents,
        discountCents: invoice.discountCents,
        totalCents: invoice.totalCents,
        paymentMethod: invoice.paymentMethodType,
        orderId: invoice.orderId,
      });
      return { pdf, filename: `${invoice.invoiceNumber}.pdf` };
    },

    /** GET /api/credit-notes/{number}/pdf: only to the user it was issued to (others: 404). */
    async creditNotePdf(
      user: UserRecord,
      creditNoteNumber: string,
    ): Promise<{ pdf: Buffer; filename: string }> {
      const note = await repo.creditNote(creditNoteNumber);
      if (!note || note.userId !== user.id) throw notFound(REFUND_ERRORS.CREDIT_NOTE_NOT_FOUND);
      const pdf = await creditNotePdf({
        creditNoteNumber: note.creditNoteNumber,
        invoiceNumber: note.invoiceNumber,
        issuedAt: note.issuedAt,
        currency: note.currency,
        reason: note.reason,
        seller: note.seller ? { name: note.seller.name } : { name: 'Beatroom' },
        buyer: { name: note.buyer.name, email: note.buyer.email },
        items: itemsOf(note.items).map((i) => ({ name: i.name, quantity: i.quantity, priceCents: i.price })),
        totalCents: note.totalCents,
      });
      return { pdf, filename: `${note.creditNoteNumber}.pdf` };
    },

    /**
     * GET /api/orders/{id}/license.pdf?beat_id=: the buyer's and the line's producer's copy of
     * the agreement; a cart order has one per beat (its first line's without beat_id).
     */
    async licencePdf(
      user: UserRecord,
      orderId: string,
      beatId?: string,
    ): Promise<{ pdf: Buffer; filename: string }> {
      const licence = await repo.licence(orderId, beatId);
      if (!licence || !(LICENSE_IDS as readonly string[]).includes(licence.licenseType)) {
        throw notFound(LICENCE_NOT_FOUND);
      }
      if (user.id !== licence.buyer.id && user.id !== licence.producer.id)
        throw forbidden(LICENCE_PARTIES_ONLY);
      const pdf = await licensePdf({
        licenseType: licence.licenseType as LicenseId,
        orderNumber: licence.orderId,
        invoiceNumber: licence.invoiceNumber,
        date: licence.date,
        buyer: { name: licence.buyer.name, email: licence.buyer.email },
        producer: { name: licence.producer.name },
        beat: licence.beat,
        priceCents: licence.amountCents,
        currency: licence.currency,
        terms: (await deps.terms(licence.producerId))[licence.licenseType as LicenseId],
      });
      const name = beatId ? `licence-${licence.orderId}-${licence.beat.id}` : `licence-${licence.orderId}`;
      return { pdf, filename: `${name}.pdf` };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
