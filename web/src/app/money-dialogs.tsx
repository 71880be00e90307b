import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { creditsQueryOptions } from '../features/credits/api';
import { BuyCreditsDialog } from '../features/credits/components/buy-credits-dialog';
import { PromoteDialog } from '../features/promotions/components/promote-dialog';
import { useSession } from '../features/session/hooks/use-session';
import { UpgradeDialog } from '../features/subscriptions/components/upgrade-dialog';
import { useAccountChanges } from './account-changes';
import { renderPaymentChoice } from './payment-choice';

/** How long after a provider's success page we ask once more: its webhook may land just after. */
const WEBHOOK_GRACE_MS = 3_000;

/**
 * Coming back from a card checkout (the provider's success URL carries checkout=success, a
 * promotion's promotion=success): whatever was paid, the balance, plan and featured lists are
 * fetched again, and once more shortly after, for a webhook that arrives after the browser.
 */
function CheckoutReturn() {
  const { search, key } = useLocation();
  const changes = useAccountChanges();
  const params = new URLSearchParams(search);
  const returned = params.get('checkout') === 'success' || params.get('promotion') === 'success';
  useEffect(() => {
    if (!returned) return;
    changes.checkoutPaid();
    const again = setTimeout(() => changes.checkoutPaid(), WEBHOOK_GRACE_MS);
    return () => clearTimeout(again);
  }, [returned, key, changes]);
  return null;
}

/** The Promote dialog, told the signed-in user's balance (credits) for its credits rule. */
function PromoteWithBalance() {
  const { user } = useSession();
  const changes = useAccountChanges();
  const credits = useQuery({ ...creditsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  return (
    <PromoteDialog creditsAvailable={credits.data?.credits.credits_available} onPromoted={changes.promoted} />
  );
}

/**
 * The account's paying dialogs, mounted once (root layout) and opened from anywhere through
 * their stores: Buy Credits, Upgrade to Producer Pro, Promote Your Beat; plus the refresh after
 * a card checkout returns.
 */
export function MoneyDialogs() {
  const { user } = useSession();
  const changes = useAccountChanges();
  if (!user) return null;
  return (
    <>
      <BuyCreditsDialog paymentChoice={renderPaymentChoice} onPaid={changes.creditsPaid} />
      <UpgradeDialog paymentChoice={renderPaymentChoice} onSubscribed={changes.subscribed} />
      <PromoteWithBalance />
      <CheckoutReturn />
    </>
  );
}
