import { DownloadHistoryItem, PurchaseItem } from '@beatroom/shared/downloads-contract';
import { EarningsResponse } from '@beatroom/shared/earnings-contract';
import { Invoice, InvoiceListResponse, type InvoiceItem } from '@beatroom/shared/money-contract';

// What the account routes of selling answer, built for tests and parsed
// by the shared contracts the server answers with, like fixtures.ts: downloads, purchases,
// invoices and a producer's earnings.

let sequence = 0;
const nextId = () => `00000000-0000-4000-9000-${String((sequence += 1)).padStart(12, '0')}`;

export const HISTORY_BEAT_ID = '11111111-1111-4111-8111-111111111111';

/** One row of GET /api/users/{id}/downloads. */
export function makeDownloadItem(overrides: Partial<DownloadHistoryItem> = {}): DownloadHistoryItem {
  return DownloadHistoryItem.parse({
    id: nextId(),
    beat_id: HISTORY_BEAT_ID,
    beat_title: 'Midnight Run',
    cover_image_key: null,
    created_at: '2026-11-20T15:04:00.000Z',
    price_paid_cents: 5998,
    license_type: 'premium',
    file: 'mp3',
    ...overrides,
  });
}

/**
 * One row of GET /api/users/{id}/purchases, with its order and licence PDF; formats are what
 * its licence delivers of a WAV master unless given (Basic the MP3 only).
 */
export function makePurchaseItem(overrides: Partial<PurchaseItem> = {}): PurchaseItem {
  const orderId = overrides.order_id ?? nextId();
  const licence = overrides.license_type ?? 'premium';
  return PurchaseItem.parse({
    id: nextId(),
    beat_id: HISTORY_BEAT_ID,
    beat_title: 'Midnight Run',
    cover_image_key: null,
    created_at: '2026-11-20T15:00:00.000Z',
    price_paid_cents: 5998,
    license_type: licence,
    payment_method: 'card',
    order_id: orderId,
    license_pdf_url: `/api/orders/${orderId}/license.pdf`,
    formats: licence === 'basic' ? ['mp3'] : ['wav', 'mp3'],
    stems: false,
    ...overrides,
  });
}

/** One invoice of GET /api/invoices; `lines` become the JSON text the server sends as items. */
export function makeInvoice(overrides: Partial<Invoice> & { lines?: InvoiceItem[] } = {}): Invoice {
  const { lines = [{ name: 'Midnight Run (Premium licence)', quantity: 1, price: 5998 }], ...rest } =
    overrides;
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return Invoice.parse({
    id: nextId(),
    invoice_number: 'BR-2026-000001',
    items: JSON.stringify(lines),
    payment_date: '2026-11-20T15:00:00.000Z',
    transaction_type: 'beat_purchase',
    status: 'paid',
    payment_provider: 'local',
    payment_method_type: 'card',
    currency: 'USD',
    subtotal_cents: subtotal,
    tax_cents: 0,
    discount_cents: 0,
    total_cents: subtotal,
    credit_notes: [],
    ...rest,
  });
}

/** A page of GET /api/invoices. */
export function makeInvoicePage(invoices: Invoice[], page = 1, pages = 1): InvoiceListResponse {
  return InvoiceListResponse.parse({
    invoices,
    pagination: { page, pages, total: Math.max(invoices.length, (pages - 1) * 10 + invoices.length) },
  });
}

/** Thirty days ending on `lastDay` (UTC), oldest first, with sales on the days given. */
export function lastThirtyDays(
  sales: Record<number, { sales: number; net_cents: number }> = {},
  lastDay = '2026-11-22',
): EarningsResponse['last_30_days'] {
  const end = Date.parse(`${lastDay}T00:00:00.000Z`);
  return Array.from({ length: 30 }, (_, index) => ({
    date: new Date(end - (29 - index) * 86_400_000).toISOString().slice(0, 10),
    ...(sales[index] ?? { sales: 0, net_cents: 0 }),
  }));
}

/** GET /api/users/me/earnings for a producer with two beats sold. */
export function makeEarnings(overrides: Partial<EarningsResponse> = {}): EarningsResponse {
  return EarningsResponse.parse({
    currency: 'USD',
    totals: { sales: 3, gross_cents: 12_995, fee_cents: 1_300, net_cents: 11_695 },
    per_beat: [
      {
        beat_id: HISTORY_BEAT_ID,
        beat_title: 'Midnight Run',
        sales: 2,
        gross_cents: 8_997,
        net_cents: 8_097,
      },
      {
        beat_id: '22222222-2222-4222-8222-222222222222',
        beat_title: 'Sunrise Drill',
        sales: 1,
        gross_cents: 3_998,
        net_cents: 3_598,
      },
    ],
    last_30_days: lastThirtyDays({
      27: { sales: 1, net_cents: 3_598 },
      29: { sales: 2, net_cents: 8_097 },
    }),
    payout: { status: 'unavailable', pending_transfer_cents: 0 },
    ...overrides,
  });
}
