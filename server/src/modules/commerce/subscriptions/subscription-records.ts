import type { BillingPeriod, ProducerTier, Subscription } from '@beatroom/shared/subscriptions-contract';
import type { SubscriptionRow, TierRow } from './subscriptions.repository';

export function toTier(row: TierRow): ProducerTier {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    billing_period: row.billingPeriod as BillingPeriod,
    max_beats: row.maxBeats,
    included_credits: row.includedCredits,
    promotion_discount_percent: row.promotionDiscountPercent,
    featured_slots_per_month: row.featuredSlotsPerMonth,
    homepage_priority_boost: row.homepagePriorityBoost,
    custom_profile_badge: row.customProfileBadge,
    analytics_access: row.analyticsAccess,
    priority_support: row.prioritySupport,
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  const tier = row.tier;
  return {
    id: row.id,
    tier_id: tier.id,
    name: tier.name,
    tier_name: tier.name,
    description: tier.description,
    price_cents: tier.priceCents,
    billing_period: tier.billingPeriod as BillingPeriod,
    current_period_start: (row.currentPeriodStart ?? row.createdAt).toISOString(),
    current_period_end: (row.currentPeriodEnd ?? row.createdAt).toISOString(),
    status: row.status === 'past_due' ? 'past_due' : row.status === 'ended' ? 'ended' : 'active',
    cancel_at_period_end: row.cancelAtPeriodEnd,
    included_credits: tier.includedCredits,
    promotion_discount_percent: tier.promotionDiscountPercent,
    featured_slots_per_month: tier.featuredSlotsPerMonth,
    custom_profile_badge: tier.customProfileBadge,
    analytics_access: tier.analyticsAccess,
    priority_support: tier.prioritySupport,
    scheduled_tier_id: row.scheduledTier?.id ?? null,
    scheduled_tier_name: row.scheduledTier?.name ?? null,
  };
}

/** One billing period later; a month from the 31st ends on the next month's last day. */
export function addPeriod(from: Date, period: string): Date {
  const months = period === 'yearly' ? 12 : 1;
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export const interval = (tier: TierRow): 'month' | 'year' =>
  tier.billingPeriod === 'yearly' ? 'year' : 'month';
export const tierLine = (tier: TierRow) => `${tier.name} subscription (${tier.billingPeriod})`;
