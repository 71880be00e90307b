import { PdfResponses } from '@beatroom/shared/files-contract';
import {
  INVOICE_NUMBER_PATTERN,
  InvoiceListQuery,
  InvoiceListResponse,
  LicencePdfQuery,
} from '@beatroom/shared/money-contract';
import { CREDIT_NOTE_NUMBER_PATTERN, REFUND_ERRORS } from '@beatroom/shared/refunds-contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { idParams } from '../../../http/params';
import { INVOICE_NOT_FOUND, LICENCE_NOT_FOUND } from './invoices.service';

const errors = errorResponses(400, 401, 403, 404);
/** A malformed number names no invoice: the same 404 as an unknown one (errors plugin). */
const InvoiceNumberParams = z.object({
  invoiceNumber: z.string().regex(INVOICE_NUMBER_PATTERN, INVOICE_NOT_FOUND),
});

const CreditNoteNumberParams = z.object({
  creditNoteNumber: z.string().regex(CREDIT_NOTE_NUMBER_PATTERN, REFUND_ERRORS.CREDIT_NOTE_NOT_FOUND),
});

/** A private document: downloaded under its name, never kept by a shared cache. */
function sendPdf(reply: FastifyReply, document: { pdf: Buffer; filename: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${document.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
}

/** Invoices & Receipts and licence agreements. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices',
    {
      onRequest: app.authenticate,
      schema: { querystring: InvoiceListQuery, response: { 200: InvoiceListResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.invoices.list(signedInUser(request), request.query);
    },
  );

  app.get(
    '/api/invoices/:invoiceNumber/pdf',
    { onRequest: app.authenticate, schema: { params: InvoiceNumberParams, response: PdfResponses } },
    async (request, reply) =>
      sendPdf(reply, await app.invoices.invoicePdf(signedInUser(request), request.params.invoiceNumber)),
  );

  app.get(
    '/api/credit-notes/:creditNoteNumber/pdf',
    { onRequest: app.authenticate, schema: { params: CreditNoteNumberParams, response: PdfResponses } },
    async (request, reply) =>
      sendPdf(
        reply,
        await app.invoices.creditNotePdf(signedInUser(request), request.params.creditNoteNumber),
      ),
  );

  app.get(
    '/api/orders/:id/license.pdf',
    {
      onRequest: app.authenticate,
      schema: { params: idParams(LICENCE_NOT_FOUND), querystring: LicencePdfQuery, response: PdfResponses },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await app.invoices.licencePdf(signedInUser(request), request.params.id, request.query.beat_id),
      ),
  );
};
