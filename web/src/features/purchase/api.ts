import type { DownloadRequestBody } from '@beatroom/shared/downloads-contract';
import type { PurchaseBody } from '@beatroom/shared/money-contract';
import { queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';

// Cards' price buttons use this module on the first load: the answers are checked in the
// answer-check worker, so the contracts (and zod) never load in the page.
const DownloadResponseSchema = answerSchema('downloads-contract', 'DownloadResponse');
const DownloadStatusSchema = answerSchema('downloads-contract', 'DownloadStatus');
const LicenseListResponseSchema = answerSchema('money-contract', 'LicenseListResponse');
const OrderSchema = answerSchema('money-contract', 'Order');
const PaymentMethodListResponseSchema = answerSchema('money-contract', 'PaymentMethodListResponse');
const PurchaseResponseSchema = answerSchema('money-contract', 'PurchaseResponse');
const LicenceTermsSchema = answerSchema('licence-terms-contract', 'ProducerLicenceTerms');
const AccountPaymentSchema = answerSchema('subscriptions-contract', 'AccountPayment');

const beatPath = (id: string) => `/api/beats/${encodeURIComponent(id)}`;
const checkoutPath = (orderId: string) => `/api/checkout/local/${encodeURIComponent(orderId)}`;
const accountCheckoutPath = (paymentId: string) =>
  `/api/checkout/local/account/${encodeURIComponent(paymentId)}`;

/**
 * Every query key of buying and downloading, defined once. What depends on who is signed in
 * carries their id: signing out keeps the cache, and another account must not read it.
 */
export const purchaseKeys = {
  all: ['purchase'] as const,
  licenceTerms: (producerId: string) => ['purchase', 'licence-terms', producerId] as const,
  /** Per viewer: a holder of a lower licence is offered the higher ones at the difference. */
  licenses: (beatId: string, userId: string | null) =>
    ['purchase', 'licenses', beatId, userId ?? 'visitor'] as const,
  paymentMethods: (userId: string) => ['purchase', 'payment-methods', userId] as const,
  /** Every beat's download status for one user: what a completed purchase makes stale. */
  downloadStatuses: (userId: string) => ['purchase', 'download-status', userId] as const,
  downloadStatus: (userId: string, beatId: string) =>
    ['purchase', 'download-status', userId, beatId] as const,
  localOrder: (orderId: string) => ['purchase', 'local-order', orderId] as const,
  localAccountPayment: (paymentId: string) => ['purchase', 'local-account-payment', paymentId] as const,
};

/**
 * GET /api/beats/{id}/licenses: Basic, Premium, Exclusive (none for a free beat), priced for the
 * viewer. Never taken from the cache unasked: what they hold changes with every purchase.
 */
export function licensesQueryOptions(beatId: string, userId: string | null) {
  return queryOptions({
    queryKey: purchaseKeys.licenses(beatId, userId),
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(beatId)}/licenses`, { schema: LicenseListResponseSchema, signal }),
  });
}

/** GET /api/users/{id}/licence-terms: a producer's terms per licence, shown before buying. */
export function licenceTermsQueryOptions(producerId: string) {
  return queryOptions({
    queryKey: purchaseKeys.licenceTerms(producerId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/${encodeURIComponent(producerId)}/licence-terms`, {
        schema: LicenceTermsSchema,
        signal,
      }),
  });
}

/** GET /api/payment/methods: the signed-in user's saved methods. */
export function paymentMethodsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: purchaseKeys.paymentMethods(userId),
    queryFn: ({ signal }) =>
      apiClient.get('/api/payment/methods', { schema: PaymentMethodListResponseSchema, signal }),
  });
}

/** DELETE /api/payment/methods/{id} (own only). */
export function deletePaymentMethod(id: string) {
  return apiClient.delete(`/api/payment/methods/${encodeURIComponent(id)}`);
}

/** POST /api/beats/{id}/purchase: a checkout_url to visit, or an order already paid. */
export function purchaseBeat(beatId: string, body: PurchaseBody) {
  return apiClient.post(`${beatPath(beatId)}/purchase`, { body, schema: PurchaseResponseSchema });
}

/**
 * GET /api/beats/{id}/download-status; 401 when signed out. Never cached for long: the
 * download flow asks it fresh each time.
 */
export function downloadStatusQueryOptions(userId: string, beatId: string) {
  return queryOptions({
    queryKey: purchaseKeys.downloadStatus(userId, beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(beatId)}/download-status`, { schema: DownloadStatusSchema, signal }),
  });
}

/** GET /api/beats/{id}/download-status without the cache, for the download flow itself. */
export function fetchDownloadStatus(beatId: string) {
  return apiClient.get(`${beatPath(beatId)}/download-status`, { schema: DownloadStatusSchema });
}

/**
 * POST /api/beats/{id}/download: a signed, short-lived link and the name to save it under.
 * Without a format the server picks (the user's preference, else the licence's main format).
 */
export function requestDownload(beatId: string, body: DownloadRequestBody = {}) {
  return apiClient.post(`${beatPath(beatId)}/download`, {
    body: body.format ? body : undefined,
    schema: DownloadResponseSchema,
  });
}

/** GET /api/checkout/local/{orderId}: the local test checkout's order (its buyer only). */
export function localOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: purchaseKeys.localOrder(orderId),
    queryFn: ({ signal }) => apiClient.get(checkoutPath(orderId), { schema: OrderSchema, signal }),
  });
}

/** POST /api/checkout/local/{orderId}/pay or /cancel: answers the order as it now stands. */
export function settleLocalOrder(orderId: string, action: 'pay' | 'cancel') {
  return apiClient.post(`${checkoutPath(orderId)}/${action}`, { schema: OrderSchema });
}

/**
 * GET /api/checkout/local/account/{paymentId}: an account payment (credits pack, promotion,
 * subscription) on the local test checkout (its payer only).
 */
export function localAccountPaymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: purchaseKeys.localAccountPayment(paymentId),
    queryFn: ({ signal }) =>
      apiClient.get(accountCheckoutPath(paymentId), { schema: AccountPaymentSchema, signal }),
  });
}

/** POST /api/checkout/local/account/{paymentId}/pay or /cancel: answers the payment as it now stands. */
export function settleLocalAccountPayment(paymentId: string, action: 'pay' | 'cancel') {
  return apiClient.post(`${accountCheckoutPath(paymentId)}/${action}`, { schema: AccountPaymentSchema });
}
