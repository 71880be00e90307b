import { formatDate } from '@beatroom/shared/format-dates';
import { formatCredits, formatPriceIn } from '@beatroom/shared/format-money';
import type { Subscription } from '@beatroom/shared/subscriptions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { PanelSection } from '../../../components/ui/panel-section';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { cancelSubscription, subscriptionKeys, subscriptionQueryOptions } from '../api';
import { useUpgradeDialog } from '../store/upgrade-dialog-store';
import { canCancel, liveSubscription } from '../subscription-rules';

/** The section's own fallback when the server gave no reason. */
export const CANCEL_FAILED = 'Failed to cancel subscription';

const STATUS_TEXT: Record<Subscription['status'], string> = {
  active: 'Active',
  past_due: 'Payment failed: retrying',
  ended: 'Ended',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Every field of a subscription, as label and value. */
function subscriptionRows(subscription: Subscription, currency: ReturnType<typeof usePreferredCurrency>) {
  const per = subscription.billing_period === 'yearly' ? 'year' : 'month';
  return [
    { label: 'Plan', value: subscription.name },
    { label: 'Tier', value: subscription.tier_name },
    { label: 'Description', value: subscription.description },
    { label: 'Price', value: `${formatPriceIn(subscription.price_cents, currency)} / ${per}` },
    { label: 'Billing period', value: subscription.billing_period === 'yearly' ? 'Yearly' : 'Monthly' },
    {
      label: 'Status',
      value: subscription.cancel_at_period_end
        ? `${STATUS_TEXT[subscription.status]}, cancels at period end`
        : STATUS_TEXT[subscription.status],
    },
    { label: 'Current period started', value: formatDate(subscription.current_period_start) },
    {
      label: subscription.cancel_at_period_end ? 'Access until' : 'Renews on',
      value: formatDate(subscription.current_period_end),
    },
    ...(subscription.scheduled_tier_name
      ? [
          {
            label: 'Next plan',
            value: `${subscription.scheduled_tier_name} from ${formatDate(subscription.current_period_end)}`,
          },
        ]
      : []),
    { label: 'Included credits', value: `${formatCredits(subscription.included_credits)} per ${per}` },
    { label: 'Promotion discount', value: `${subscription.promotion_discount_percent}%` },
    { label: 'Featured slots per month', value: String(subscription.featured_slots_per_month) },
    { label: 'Profile badge', value: subscription.custom_profile_badge ?? 'None' },
    { label: 'Analytics access', value: yesNo(subscription.analytics_access) },
    { label: 'Priority support', value: yesNo(subscription.priority_support) },
  ];
}

function SubscriptionDetails({ userId, subscription }: { userId: string; subscription: Subscription }) {
  const currency = usePreferredCurrency();
  const queryClient = useQueryClient();
  const openUpgrade = useUpgradeDialog((state) => state.open);
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine(userId) });
      showToast({
        type: 'success',
        title: 'Subscription cancelled',
        message: `Your plan stays until ${formatDate(subscription.current_period_end)}.`,
      });
    },
    onError: (failure) => {
      console.error(`Failed to cancel subscription: ${describeError(failure)}`);
      // The state may have moved on (cancelled elsewhere): show it as it is.
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine(userId) });
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {subscriptionRows(subscription, currency).map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted">{row.label}</dt>
            <dd className="font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      {cancel.isError ? <ErrorBanner title={serverErrorText(cancel.error) ?? CANCEL_FAILED} /> : null}
      {confirming ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-red-500/40 bg-red-500/5 p-4">
          <p className="text-sm">
            Cancel your subscription? Your plan and its benefits stay until{' '}
            {formatDate(subscription.current_period_end)}, then it ends.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep Subscription
            </Button>
            <Button
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              className="bg-red-600 shadow-red-900/30 hover:bg-red-500"
            >
              {cancel.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              Yes, Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openUpgrade()}>
            <Crown aria-hidden="true" className="size-4" />
            Change Plan
          </Button>
          {canCancel(subscription) ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel Subscription
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * /settings?section=subscription: the plan with every field, Change Plan
 * (the upgrade dialog) and Cancel Subscription when it is active and not already cancelling;
 * without a plan, the Free plan and Upgrade to Pro.
 */
export function SubscriptionSettingsSection() {
  const { user } = useSession();
  const subscription = useQuery({ ...subscriptionQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const openUpgrade = useUpgradeDialog((state) => state.open);
  if (!user) return null;
  const live = liveSubscription(subscription.data?.subscription);

  return (
    <PanelSection title="Subscription" Icon={Crown} className="gap-4">
      {subscription.isPending ? (
        <div
          role="status"
          aria-label="Loading subscription"
          className="h-40 animate-pulse rounded-2xl bg-fg/10"
        />
      ) : live ? (
        <SubscriptionDetails userId={user.id} subscription={live} />
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">
            You are on the Free plan. Upgrade for included credits, cheaper promotions and advanced analytics.
          </p>
          <Button onClick={() => openUpgrade()}>
            <Crown aria-hidden="true" className="size-4" />
            Upgrade to Pro
          </Button>
        </div>
      )}
    </PanelSection>
  );
}
