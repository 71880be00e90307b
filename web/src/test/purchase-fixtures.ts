import { licenseOptions } from '@beatroom/shared/licensing';
import { DownloadResponse, DownloadStatus } from '@beatroom/shared/downloads-contract';
import {
  LicenseListResponse,
  Order,
  PaymentMethod,
  type LicenseOption,
} from '@beatroom/shared/money-contract';

// What buying answers, built for tests and parsed by the shared
// contracts the server answers with, like fixtures.ts: licence cards, saved payment methods,
// download status and links, and the local checkout's order.

export const ORDER_ID = '22222222-2222-4222-8222-222222222222';
const BEAT_ID = '11111111-1111-4111-8111-111111111111';

/**
 * GET /api/beats/{id}/licenses for a beat at `priceCents`, priced by the shared rule the server
 * uses (1x / 2x / 10x); `exclusiveReserved` marks the exclusive held by another checkout.
 */
export function makeLicenses(
  priceCents = 2999,
  { exclusiveReserved = false, soldExclusive = false } = {},
): LicenseOption[] {
  return LicenseListResponse.parse(
    licenseOptions(
      { price_cents: priceCents, is_free: false, sold_exclusive: soldExclusive },
      exclusiveReserved,
    ),
  );
}

/** One saved method of GET /api/payment/methods: a Visa card unless told otherwise. */
export function makePaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return PaymentMethod.parse({
    id: 'pm_visa_4242',
    payment_type: 'card',
    card_brand: 'visa',
    card_last_four: '4242',
    card_exp_month: 12,
    card_exp_year: 2030,
    paypal_email: null,
    is_default: false,
    ...overrides,
  });
}

/**
 * GET /api/beats/{id}/download-status of a beat with a WAV master: allowed under a licence
 * unless told. formats follow the reason (a free download is the MP3 only, a licence here the
 * WAV and the MP3, a refusal nothing) unless given.
 */
export function makeDownloadStatus(overrides: Partial<DownloadStatus> = {}): DownloadStatus {
  const canDownload = overrides.canDownload ?? true;
  const reason = overrides.reason ?? 'license';
  const formats = !canDownload ? [] : reason === 'free' ? ['mp3'] : ['wav', 'mp3'];
  return DownloadStatus.parse({ canDownload, reason, formats, ...overrides });
}

/** POST /api/beats/{id}/download: a signed link and the name to save it under. */
export function makeDownloadResponse(overrides: Partial<DownloadResponse> = {}): DownloadResponse {
  return DownloadResponse.parse({
    downloadUrl: '/api/downloads/signed-token-123',
    filename: 'Midnight Run (Premium).wav',
    formatMatch: true,
    originalFormat: 'wav',
    userPreference: 'wav',
    ...overrides,
  });
}

/** GET /api/checkout/local/{orderId}: a pending Premium order for Midnight Run. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return Order.parse({
    id: ORDER_ID,
    beat_id: BEAT_ID,
    beat_title: 'Midnight Run',
    producer_name: 'Nova Beats',
    cover_image_key: null,
    license_type: 'premium',
    license_name: 'Premium',
    amount_cents: 5998,
    currency: 'USD',
    status: 'pending',
    status_reason: null,
    provider: 'local',
    payment_method_type: 'card',
    created_at: '2026-11-20T15:00:00.000Z',
    expires_at: '2026-11-20T15:30:00.000Z',
    paid_at: null,
    ...overrides,
  });
}
