import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { SubscribeBody } from '@beatroom/shared/subscriptions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Coins, Crown, Megaphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DialogSubmitFooter } from '../../../components/ui/dialog-submit-footer';
import { ErrorState } from '../../../components/ui/error-state';
import { SuccessView } from '../../../components/ui/success-view';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { useLeaveForPage, type LeaveOutcome } from '../../../lib/leave-for-page';
import { showToast } from '../../../lib/toast';
import { useSuccessDelay } from '../../../lib/use-success-delay';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { SignedInDialog } from '../../session/components/signed-in-dialog';
import { producerTiersQueryOptions, subscribe, subscriptionKeys, subscriptionQueryOptions } from '../api';
import { useUpgradeDialog } from '../store/upgrade-dialog-store';
import { upgradeTiers } from '../tier-rules';
import type { RenderPaymentChoice } from '../../../lib/payment-choice-slot';
import { TierOptions } from './tier-options';

/** The server's error, or this. */
export const SUBSCRIBE_FAILED = 'Failed to subscribe';

/** The subscription terms, shown under the button. */
export const SUBSCRIPTION_TERMS = 'Auto-renews. Cancel anytime. 30-day money-back guarantee.';

const WHY_UPGRADE = [
  {
    Icon: Coins,
    title: 'Credits every period',
    text: 'Included credits to promote your beats, granted with each payment.',
  },
  {
    Icon: Megaphone,
    title: 'Promote for less',
    text: 'Your plan’s discount comes off every promotion, in credits and cash.',
  },
  {
    Icon: BarChart3,
    title: 'Know your listeners',
    text: 'Earnings by day and listener charts with advanced analytics.',
  },
  { Icon: Crown, title: 'Stand out', text: 'A badge on your profile and priority support.' },
];

interface UpgradeProps {
  /** The payment choice of buying, composed in by app/. */
  paymentChoice: RenderPaymentChoice;
  /** Subscribed without leaving the page: what app/ refreshes beyond the plan (credits, invoices). */
  onSubscribed?: () => void;
}

function UpgradeForm({
  user,
  paymentChoice,
  onSubscribed,
  onDone,
  onClose,
}: UpgradeProps & { user: SessionUser; onDone: () => void; onClose: () => void }) {
  const currency = usePreferredCurrency();
  const queryClient = useQueryClient();
  const tiers = useQuery(producerTiersQueryOptions());
  const current = useQuery(subscriptionQueryOptions(user.id));
  const leaveFor = useLeaveForPage();
  const [tierId, setTierId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (body: SubscribeBody): Promise<'paid' | LeaveOutcome> => {
      const answer = await subscribe(body);
      if ('checkout_url' in answer) return leaveFor(answer.checkout_url);
      if (answer.subscription !== undefined) {
        queryClient.setQueryData(subscriptionKeys.mine(user.id), { subscription: answer.subscription });
      }
      return 'paid';
    },
    onSuccess: (outcome) => {
      if (outcome === 'paid') {
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine(user.id) });
        onSubscribed?.();
      } else if (outcome === 'opened-in-browser') {
        showToast({
          type: 'info',
          title: 'Checkout opened in your browser',
          message: 'Finish paying there; your plan then shows under Subscription & Billing.',
        });
        onClose();
      }
    },
    onError: (failure) => {
      console.error(`Failed to subscribe: ${describeError(failure)}`);
      setError(serverErrorText(failure) ?? SUBSCRIBE_FAILED);
    },
  });
  const paid = mutation.isSuccess && mutation.data === 'paid';
  const leaving = mutation.isSuccess && mutation.data === 'redirected';
  const busy = mutation.isPending || leaving;
  useSuccessDelay(paid, onDone);

  if (tiers.isPending) {
    return (
      <div role="status" aria-label="Loading plans" className="grid gap-3 md:grid-cols-2">
        {[1, 2].map((n) => (
          <div key={n} className="h-48 animate-pulse rounded-2xl bg-fg/10" />
        ))}
      </div>
    );
  }
  if (tiers.isError) {
    return (
      <ErrorState
        compact
        title="Plans could not be loaded"
        onRetry={() => void tiers.refetch()}
        retrying={tiers.isFetching}
      />
    );
  }

  const list = upgradeTiers(tiers.data);
  const chosen = list.find((tier) => tier.id === tierId) ?? null;
  if (paid) {
    return (
      <SuccessView title={`Welcome to ${chosen?.name ?? 'Pro'}!`}>
        <p>Your plan is active. Enjoy your new producer tools.</p>
      </SuccessView>
    );
  }
  const live = current.data?.subscription;
  const currentTierId = live && live.status !== 'ended' ? live.tier_id : null;

  return paymentChoice({
    disabled: busy,
    onChange: () => setError(null),
    children: (payment) => {
      const canSubscribe = Boolean(chosen) && payment.complete && !busy;
      const submit = (event: FormEvent) => {
        event.preventDefault();
        if (!chosen || !canSubscribe) return;
        setError(null);
        mutation.mutate({ tier_id: chosen.id, ...payment.fields });
      };
      return (
        <form onSubmit={submit} className="flex flex-col gap-6">
          <TierOptions
            tiers={list}
            selected={chosen?.id ?? null}
            onSelect={(id) => {
              setTierId(id);
              setError(null);
            }}
            currency={currency}
            currentTierId={currentTierId}
            disabled={busy}
          />

          {payment.field}

          <section aria-labelledby="why-upgrade">
            <h3 id="why-upgrade" className="mb-2 text-sm font-semibold">
              Why upgrade?
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {WHY_UPGRADE.map(({ Icon, title, text }) => (
                <li key={title} className="flex gap-3 rounded-xl border border-line p-3">
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                  <span>
                    <span className="block text-sm font-medium">{title}</span>
                    <span className="block text-xs text-muted">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <DialogSubmitFooter
            error={error}
            onCancel={onClose}
            canSubmit={canSubscribe}
            pending={mutation.isPending}
            leaving={leaving}
            label={chosen ? `Subscribe to ${chosen.name}` : 'Subscribe'}
            note={SUBSCRIPTION_TERMS}
          />
        </form>
      );
    },
  });
}

/**
 * Upgrade to Producer Pro: the tier cards (Free hidden), payment
 * method, why-upgrade blurbs and the terms. Subscribe is disabled until a tier is chosen (and a
 * saved method has its id); paid at once → success screen for 2 s, then the caller's callback
 * and close; a card goes to the checkout; a failure shows inline. Mounted once by app/.
 */
export function UpgradeDialog({ paymentChoice, onSubscribed }: UpgradeProps) {
  const isOpen = useUpgradeDialog((state) => state.isOpen);
  const onDoneCallback = useUpgradeDialog((state) => state.onSubscribed);
  const close = useUpgradeDialog((state) => state.close);

  return (
    <SignedInDialog
      open={isOpen}
      close={close}
      onFinished={onDoneCallback}
      title="Upgrade to Producer Pro"
      description="More credits, cheaper promotions and deeper analytics."
    >
      {(user, finish) => (
        <UpgradeForm
          user={user}
          paymentChoice={paymentChoice}
          onSubscribed={onSubscribed}
          onDone={finish}
          onClose={close}
        />
      )}
    </SignedInDialog>
  );
}
