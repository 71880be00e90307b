import { InvoiceItem } from '@beatroom/shared/money-contract';

const InvoiceItems = InvoiceItem.array();

/**
 * An invoice's line items: the server sends them as JSON text. Text that is not
 * such a list is logged and shows no lines: the totals, which are fields of their own, stay right.
 */
export function parseInvoiceItems(text: string): InvoiceItem[] {
  try {
    const parsed = InvoiceItems.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.error(`Invoice items are not a list of {name, quantity, price}: ${parsed.error.message}`);
  } catch (error) {
    console.error(`Invoice items are not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return [];
}

/** Paid is shown green, any other status yellow. */
export function invoiceStatusTone(status: string): 'paid' | 'other' {
  return status === 'paid' ? 'paid' : 'other';
}

/** What an invoice was for, as a person reads it. */
export const TRANSACTION_LABELS: Record<string, string> = {
  beat_purchase: 'Beat purchase',
  credits_purchase: 'Credits purchase',
  subscription: 'Subscription',
  promotion: 'Promotion',
};
