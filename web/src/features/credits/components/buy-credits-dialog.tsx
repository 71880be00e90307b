import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatCredits, formatPriceIn } from '@beatroom/shared/format-money';
import { CREDIT_PACKS, PROCESSING_FEE_CENTS, PROMOTION_OPTIONS } from '@beatroom/shared/money-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DialogSubmitFooter } from '../../../components/ui/dialog-submit-footer';
import { SuccessView } from '../../../components/ui/success-view';
import { TotalsCard } from '../../../components/ui/totals-list';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { useLeaveForPage, type LeaveOutcome } from '../../../lib/leave-for-page';
import { showToast } from '../../../lib/toast';
import { useSuccessDelay } from '../../../lib/use-success-delay';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { SignedInDialog } from '../../session/components/signed-in-dialog';
import { creditsKeys, creditsQueryOptions, purchaseCredits } from '../api';
import { useBuyCreditsDialog } from '../store/buy-credits-dialog-store';
import { CreditPackOptions } from './credit-pack-options';
import { CreditTransactions } from './credit-transactions';
import type { RenderPaymentChoice } from '../../../lib/payment-choice-slot';

/** The server's error, or this. */
export const CREDITS_FAILED = 'Failed to purchase credits';

/** The dialog shows the five newest of the transactions. */
const DIALOG_TRANSACTIONS = 5;

/** What credits buy, and that they never expire. */
const HOW_CREDITS_WORK = [
  'Credits never expire',
  ...PROMOTION_OPTIONS.map(
    (option) => `${option.name}: ${formatCredits(option.credits)} credits for ${option.durationDays} days`,
  ),
  'Bigger packs come with bonus credits',
];

interface BuyCreditsProps {
  /** The payment choice of buying, composed in by app/. */
  paymentChoice: RenderPaymentChoice;
  /** A pack was paid without leaving the page: what app/ refreshes beyond the balance (invoices). */
  onPaid?: () => void;
}

function BuyCreditsForm({
  user,
  paymentChoice,
  onPaid,
  onDone,
  onClose,
}: BuyCreditsProps & { user: SessionUser; onDone: () => void; onClose: () => void }) {
  const currency = usePreferredCurrency();
  const queryClient = useQueryClient();
  const credits = useQuery(creditsQueryOptions(user.id));
  const leaveFor = useLeaveForPage();
  const [pack, setPack] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const purchase = useMutation({
    mutationFn: async (body: Parameters<typeof purchaseCredits>[0]): Promise<'paid' | LeaveOutcome> => {
      const answer = await purchaseCredits(body);
      return 'checkout_url' in answer ? leaveFor(answer.checkout_url) : 'paid';
    },
    onSuccess: (outcome) => {
      if (outcome === 'paid') {
        void queryClient.invalidateQueries({ queryKey: creditsKeys.user(user.id) });
        onPaid?.();
      } else if (outcome === 'opened-in-browser') {
        showToast({
          type: 'info',
          title: 'Checkout opened in your browser',
          message: 'Finish paying there; your credits then show in your balance.',
        });
        onClose();
      }
    },
    onError: (failure) => {
      console.error(`Failed to purchase credits: ${describeError(failure)}`);
      setError(serverErrorText(failure) ?? CREDITS_FAILED);
    },
  });
  const paid = purchase.isSuccess && purchase.data === 'paid';
  const leaving = purchase.isSuccess && purchase.data === 'redirected';
  const busy = purchase.isPending || leaving;
  useSuccessDelay(paid, onDone);

  const chosen = CREDIT_PACKS.find((p) => p.credits === pack) ?? null;
  if (paid && chosen) {
    return (
      <SuccessView title="Credits added!">
        <p>{formatCredits(chosen.credits + chosen.bonus)} credits are now in your balance.</p>
      </SuccessView>
    );
  }

  const balance = credits.data?.credits.credits_available;
  return paymentChoice({
    disabled: busy,
    onChange: () => setError(null),
    children: (payment) => {
      const canBuy = Boolean(chosen) && payment.complete && !busy;
      const submit = (event: FormEvent) => {
        event.preventDefault();
        if (!chosen || !canBuy) return;
        setError(null);
        purchase.mutate({ credits_amount: chosen.credits, ...payment.fields });
      };
      return (
        <form onSubmit={submit} className="flex flex-col gap-6">
          <section
            aria-label="Current balance"
            className="flex items-center gap-3 rounded-2xl border border-line bg-fg/5 px-4 py-3"
          >
            <Coins aria-hidden="true" className="size-6 text-amber-300" />
            <span className="text-sm text-muted">Current balance</span>
            <span className="ml-auto text-lg font-bold numeric">
              {balance === undefined ? '—' : `${formatCredits(balance)} credits`}
            </span>
          </section>

          {payment.field}

          <CreditPackOptions
            selected={pack}
            onSelect={(credits) => {
              setPack(credits);
              setError(null);
            }}
            currency={currency}
            disabled={busy}
          />

          <section aria-labelledby="how-credits-work" className="rounded-2xl border border-line p-4">
            <h3 id="how-credits-work" className="mb-2 text-sm font-semibold">
              How credits work
            </h3>
            <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
              {HOW_CREDITS_WORK.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="recent-credit-transactions" className="flex flex-col gap-2">
            <h3 id="recent-credit-transactions" className="text-sm font-semibold">
              Recent transactions
            </h3>
            <CreditTransactions
              transactions={(credits.data?.transactions ?? []).slice(0, DIALOG_TRANSACTIONS)}
              label="Recent transactions"
            />
          </section>

          {chosen ? (
            <TotalsCard
              label="Order summary"
              rows={[
                { label: 'Credits', value: formatCredits(chosen.credits) },
                { label: 'Bonus credits', value: `+${formatCredits(chosen.bonus)}` },
                { label: 'Total credits', value: formatCredits(chosen.credits + chosen.bonus) },
              ]}
              total={{
                label: 'Total',
                value: formatPriceIn(chosen.price_cents + PROCESSING_FEE_CENTS, currency),
              }}
            />
          ) : null}

          <DialogSubmitFooter
            error={error}
            onCancel={onClose}
            canSubmit={canBuy}
            pending={purchase.isPending}
            leaving={leaving}
            label={chosen ? `Buy ${formatCredits(chosen.credits)} Credits` : 'Buy Credits'}
          />
        </form>
      );
    },
  });
}

/**
 * The Buy Credits dialog: balance, payment method, the six packs,
 * how credits work, the last five transactions and the order summary. Buy is disabled until a
 * pack is chosen (and a saved method has its id); a pack paid at once shows a success screen
 * for 2 s, then the caller's callback runs and the dialog closes; a card goes to the checkout.
 * Mounted once by app/, opened through useBuyCreditsDialog.
 */
export function BuyCreditsDialog({ paymentChoice, onPaid }: BuyCreditsProps) {
  const isOpen = useBuyCreditsDialog((state) => state.isOpen);
  const onPurchased = useBuyCreditsDialog((state) => state.onPurchased);
  const close = useBuyCreditsDialog((state) => state.close);

  return (
    <SignedInDialog
      open={isOpen}
      close={close}
      onFinished={onPurchased}
      title="Buy Credits"
      description="Spend credits to promote your beats."
    >
      {(user, finish) => (
        <BuyCreditsForm
          user={user}
          paymentChoice={paymentChoice}
          onPaid={onPaid}
          onDone={finish}
          onClose={close}
        />
      )}
    </SignedInDialog>
  );
}
