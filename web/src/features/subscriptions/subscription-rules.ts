import type { Subscription } from '@beatroom/shared/subscriptions-contract';

/** Cancelling is allowed only when active and not already cancelling. */
export function canCancel(subscription: Subscription | null | undefined): boolean {
  return subscription?.status === 'active' && !subscription.cancel_at_period_end;
}

/** The plan whose powers apply now: a subscription that has not ended (past_due still counts). */
export function liveSubscription(subscription: Subscription | null | undefined): Subscription | null {
  return subscription && subscription.status !== 'ended' ? subscription : null;
}
