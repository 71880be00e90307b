import type { BulkDealBody, CreateCouponBody } from '@beatroom/shared/coupons-contract';
import { queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';

// A profile shows its producer's bulk deal: checked in the answer-check worker.
const CouponSchema = answerSchema('coupons-contract', 'Coupon');
const CouponListSchema = answerSchema('coupons-contract', 'CouponListResponse');
const BulkDealSchema = answerSchema('coupons-contract', 'BulkDeal');

/** Query keys of a producer's coupons and bulk deal. */
export const couponKeys = {
  all: ['coupons'] as const,
  mine: (userId: string) => ['coupons', 'mine', userId] as const,
  deal: (producerId: string) => ['coupons', 'deal', producerId] as const,
};

/** GET /api/coupons: the signed-in producer's coupons. */
export function myCouponsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: couponKeys.mine(userId),
    queryFn: ({ signal }) => apiClient.get('/api/coupons', { schema: CouponListSchema, signal }),
  });
}

/** GET /api/users/{id}/deal: a producer's "buy N get M free", null for none. */
export function dealQueryOptions(producerId: string) {
  return queryOptions({
    queryKey: couponKeys.deal(producerId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/${encodeURIComponent(producerId)}/deal`, { schema: BulkDealSchema, signal }),
  });
}

export function createCoupon(body: CreateCouponBody) {
  return apiClient.post('/api/coupons', { body, schema: CouponSchema });
}

export function deleteCoupon(id: string) {
  return apiClient.delete(`/api/coupons/${encodeURIComponent(id)}`);
}

export function saveDeal(body: BulkDealBody) {
  return apiClient.put('/api/deals', { body, schema: BulkDealSchema });
}

export function removeDeal() {
  return apiClient.delete('/api/deals', { schema: BulkDealSchema });
}
