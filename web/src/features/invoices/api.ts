import { PAGE_SIZES } from '@beatroom/shared/limits';
import { InvoiceListResponse } from '@beatroom/shared/money-contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/**
 * Every invoice query key, defined once and keyed by user (invoices are one's own), so another
 * account never reads the previous one's. user(id) is what a new purchase makes stale.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  user: (userId: string) => ['invoices', userId] as const,
  page: (userId: string, page: number) => ['invoices', userId, 'page', page] as const,
};

/**
 * GET /api/invoices?page=N&limit=10 (10 per page). The previous page stays on
 * screen while the next loads, so the list does not jump to a skeleton between pages.
 */
export function invoicesQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: invoiceKeys.page(userId, page),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/invoices?page=${page}&limit=${PAGE_SIZES.INVOICES}`, {
        schema: InvoiceListResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/credit-notes/{number}/pdf: a refund's credit note as a PDF document. */
export function creditNotePdfPath(creditNoteNumber: string): string {
  return `/api/credit-notes/${encodeURIComponent(creditNoteNumber)}/pdf`;
}

/** GET /api/invoices/{invoiceNumber}/pdf: the invoice as a PDF document. */
export function invoicePdfPath(invoiceNumber: string): string {
  return `/api/invoices/${encodeURIComponent(invoiceNumber)}/pdf`;
}
