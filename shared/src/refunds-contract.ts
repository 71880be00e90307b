// HTTP contract of refunds, disputes and credit notes: the admin's Orders tab (search, refund)
// and the credit notes a buyer sees beside their invoices.
import { z } from 'zod';
import { LICENSE_IDS } from './money-constants';
import { ORDER_STATUSES } from './money-contract';

export const CREDIT_NOTE_NUMBER_PATTERN = /^CN-\d{4}-\d{6,}$/;

/** CN-<year>-<six digits>: numbered 1, 2, 3… within a year, apart from invoices. */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

export const REFUND_ERRORS = {
  ORDER_NOT_FOUND: 'Order not found',
  ALREADY_REFUNDED: 'This order was already refunded',
  NOT_PAID: 'Only a paid order can be refunded',
  PROVIDER_FAILED: 'The payment provider could not refund this order. Please try again.',
  CREDIT_NOTE_NOT_FOUND: 'Credit note not found',
} as const;

/** Why a licence stopped granting downloads, as the download status and the buyer read it. */
export const REFUND_REASONS = {
  DISPUTE_LOST: 'The payment was disputed and the dispute was lost',
} as const;

/** POST /api/admin/orders/{id}/refund */
export const AdminRefundBody = z.strictObject({
  reason: z
    .string('reason is required')
    .trim()
    .min(1, 'Say why the order is refunded')
    .max(500, 'reason must be at most 500 characters'),
});
export type AdminRefundBody = z.infer<typeof AdminRefundBody>;

export const AdminRefundResponse = z.object({
  order_id: z.string(),
  status: z.literal('refunded'),
  refunded_cents: z.number().int(),
  credit_note_number: z.string(),
});
export type AdminRefundResponse = z.infer<typeof AdminRefundResponse>;

/** GET /api/admin/orders?q=: by buyer (name or e-mail), beat title or invoice number. */
export const AdminOrdersQuery = z.strictObject({
  q: z.string().trim().max(100, 'q must be at most 100 characters').default(''),
});

export const AdminOrderRow = z.object({
  id: z.string(),
  buyer_name: z.string().nullable(),
  buyer_email: z.string(),
  beat_id: z.string(),
  beat_title: z.string(),
  license_type: z.enum(LICENSE_IDS),
  amount_cents: z.number().int(),
  currency: z.enum(['USD', 'EUR']),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(['local', 'stripe']),
  invoice_number: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** What went back so far (partial refunds add up), in cents. */
  refunded_cents: z.number().int(),
  /** open | won | lost while or after the payment was disputed. */
  dispute_status: z.enum(['open', 'won', 'lost']).nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrdersResponse = z.object({ orders: z.array(AdminOrderRow) });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;
