import { formatCredits } from '@beatroom/shared/format-money';
import { FREE_TIER_NAME, type ProducerTier } from '@beatroom/shared/subscriptions-contract';

// How the upgrade dialog presents tiers.

/** A tier named Free is hidden from the upgrade dialog. */
export function upgradeTiers(tiers: readonly ProducerTier[]): ProducerTier[] {
  return tiers.filter((tier) => tier.name !== FREE_TIER_NAME);
}

/** A monthly tier named Pro is labelled MOST POPULAR. */
export function isMostPopular(tier: ProducerTier): boolean {
  return tier.billing_period === 'monthly' && tier.name === 'Pro';
}

/** A tier whose name contains Annual shows "2 months free". */
export function showsTwoMonthsFree(tier: ProducerTier): boolean {
  return tier.name.includes('Annual');
}

/** What the tier grants, one line each, in the order the cards list them. */
export function tierPerks(tier: ProducerTier): string[] {
  const period = tier.billing_period === 'yearly' ? 'year' : 'month';
  const perks = [tier.max_beats === null ? 'Unlimited beats' : `Up to ${tier.max_beats} beats`];
  if (tier.included_credits > 0)
    perks.push(`${formatCredits(tier.included_credits)} credits every ${period}`);
  if (tier.promotion_discount_percent > 0) perks.push(`${tier.promotion_discount_percent}% off promotions`);
  if (tier.featured_slots_per_month > 0) {
    perks.push(
      `${tier.featured_slots_per_month} featured slot${tier.featured_slots_per_month === 1 ? '' : 's'} per month`,
    );
  }
  if (tier.homepage_priority_boost > 0) perks.push('Priority on the home page');
  if (tier.custom_profile_badge) perks.push(`${tier.custom_profile_badge} badge on your profile`);
  if (tier.analytics_access) perks.push('Advanced analytics');
  if (tier.priority_support) perks.push('Priority support');
  return perks;
}
