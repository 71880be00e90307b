import { formatAmount, formatCredits, formatPriceIn } from '@beatroom/shared/format-money';
import { DEFAULT_PROMOTION_PAYMENT_METHOD, type PromotionType } from '@beatroom/shared/money-constants';
import { insufficientCreditsMessage } from '@beatroom/shared/credits-contract';
import type { PromoteBody, PromotionOption } from '@beatroom/shared/promotions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, CreditCard, Gift, Percent } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { DialogSubmitFooter } from '../../../components/ui/dialog-submit-footer';
import { ErrorState } from '../../../components/ui/error-state';
import { SuccessView } from '../../../components/ui/success-view';
import { TotalsCard } from '../../../components/ui/totals-list';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { useLeaveForPage, type LeaveOutcome } from '../../../lib/leave-for-page';
import { showToast } from '../../../lib/toast';
import { useSuccessDelay } from '../../../lib/use-success-delay';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { promoteBeat, promotionKeys, promotionOptionsQueryOptions } from '../api';
import { usePromoteDialog, type PromoteBeat } from '../store/promote-dialog-store';
import { PromotionOptions } from './promotion-options';

/** money.md §8: the server's error, or this. */
export const PROMOTE_FAILED = 'Failed to promote beat';

/** money.md §4's footer. */
export const PROMOTION_FOOTER =
  'Promotions are processed immediately and your beat will be featured within minutes. Payment is non-refundable once the promotion begins.';

type PayWith = 'credits' | 'card';

/** The plan's included featured slots of the month, when it has any (the featured options share them). */
function includedSlots(options: readonly PromotionOption[]): { left: number; perMonth: number } | null {
  const featured = options.find((option) => option.included_slots_per_month > 0);
  return featured
    ? { left: featured.included_slots_left, perMonth: featured.included_slots_per_month }
    : null;
}

/** "1 of 2 included featured slots left this month". */
export function slotsLeftText({ left, perMonth }: { left: number; perMonth: number }): string {
  return `${left} of ${perMonth} included featured ${perMonth === 1 ? 'slot' : 'slots'} left this month`;
}

export interface PromoteDialogProps {
  /** The signed-in user's credits (from the credits feature, through app/); undefined while loading. */
  creditsAvailable: number | undefined;
  /** A promotion paid with credits started: what app/ refreshes (balance, featured lists, invoices). */
  onPromoted?: (beatId: string) => void;
}

function PromoteForm({
  beat,
  userId,
  creditsAvailable,
  onPromoted,
  onDone,
  onClose,
}: PromoteDialogProps & { beat: PromoteBeat; userId: string; onDone: () => void; onClose: () => void }) {
  const currency = usePreferredCurrency();
  const queryClient = useQueryClient();
  const options = useQuery(promotionOptionsQueryOptions(userId));
  const leaveFor = useLeaveForPage();
  const [type, setType] = useState<PromotionType | null>(null);
  const [picked, setPicked] = useState<PayWith | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (body: PromoteBody): Promise<'paid' | LeaveOutcome> => {
      const answer = await promoteBeat(beat.id, body);
      return 'checkout_url' in answer ? leaveFor(answer.checkout_url) : 'paid';
    },
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.beat(beat.id) });
      // An included featured slot may have been used: the slots left change.
      void queryClient.invalidateQueries({ queryKey: promotionKeys.options(userId) });
      if (outcome === 'paid') onPromoted?.(beat.id);
      else if (outcome === 'opened-in-browser') {
        showToast({
          type: 'info',
          title: 'Checkout opened in your browser',
          message: 'Finish paying there; the promotion starts once it is paid.',
        });
        onClose();
      }
    },
    onError: (failure) => {
      console.error(`Failed to promote beat: ${describeError(failure)}`);
      setError(serverErrorText(failure) ?? PROMOTE_FAILED);
    },
  });
  const promoted = mutation.isSuccess && mutation.data === 'paid';
  const leaving = mutation.isSuccess && mutation.data === 'redirected';
  const busy = mutation.isPending || leaving;
  useSuccessDelay(promoted, onDone);

  if (promoted) {
    return (
      <SuccessView title="Promotion Active!">
        <p>
          <span className="font-semibold text-fg">{beat.title}</span> is now being promoted and will appear in
          featured sections.
        </p>
        <p>Redirecting...</p>
      </SuccessView>
    );
  }
  if (options.isPending) {
    return (
      <div role="status" aria-label="Loading promotions" className="grid gap-3 md:grid-cols-3">
        {[1, 2, 3].map((n) => (
          <div key={n} className="h-44 animate-pulse rounded-2xl bg-fg/10" />
        ))}
      </div>
    );
  }
  if (options.isError) {
    return (
      <ErrorState
        compact
        title="Promotions could not be loaded"
        onRetry={() => void options.refetch()}
        retrying={options.isFetching}
      />
    );
  }

  const chosen = options.data.find((option) => option.id === type) ?? null;
  const discount = options.data[0]?.discount_percent ?? 0;
  const slots = includedSlots(options.data);
  // A featured option while the plan's included slots last costs nothing: no payment to choose.
  const included = chosen !== null && chosen.included_slots_left > 0;
  // Credits are offered only when they cover the cost (money.md §5); then the card is the way.
  const shortOfCredits = chosen !== null && !included && (creditsAvailable ?? 0) < chosen.credits;
  const payWith: PayWith = shortOfCredits ? 'card' : (picked ?? DEFAULT_PROMOTION_PAYMENT_METHOD);
  const canPromote = chosen !== null && !busy;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !canPromote) return;
    setError(null);
    // The server starts an included one without charge whatever the method; credits never redirect.
    mutation.mutate({ promotion_type: chosen.id, payment_method: included ? 'credits' : payWith });
  }

  const payOption = (value: PayWith, label: string, detail: string | null, disabled: boolean) => (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2.5 has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55`}
    >
      <input
        type="radio"
        name="promotion-payment"
        value={value}
        checked={payWith === value}
        disabled={disabled}
        onChange={() => {
          setPicked(value);
          setError(null);
        }}
        className="size-4 shrink-0 accent-accent"
      />
      {value === 'credits' ? (
        <Coins aria-hidden="true" className="size-4 shrink-0 text-muted" />
      ) : (
        <CreditCard aria-hidden="true" className="size-4 shrink-0 text-muted" />
      )}
      <span className="min-w-0">
        <span className="block text-sm font-medium">{label}</span>
        {detail ? <span className="block text-xs text-muted">{detail}</span> : null}
      </span>
    </label>
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      {discount > 0 || slots ? (
        <div className="flex flex-wrap gap-2">
          {discount > 0 ? (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-semibold text-emerald-300">
              <Percent aria-hidden="true" className="size-4" />
              {discount}% subscriber discount
            </p>
          ) : null}
          {slots ? (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-sm font-semibold text-sky-300">
              <Gift aria-hidden="true" className="size-4" />
              {slotsLeftText(slots)}
            </p>
          ) : null}
        </div>
      ) : null}

      <PromotionOptions
        options={options.data}
        selected={chosen?.id ?? null}
        onSelect={(next) => {
          setType(next);
          setError(null);
        }}
        currency={currency}
        disabled={busy}
      />

      {included ? (
        <p className="flex items-center gap-2 rounded-xl border border-emerald-500/40 bg-emerald-500/10 px-3 py-2.5 text-sm">
          <Gift aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
          Included in your plan: no credits or card needed.
        </p>
      ) : (
        <fieldset disabled={busy}>
          <legend className="mb-3 text-sm font-semibold">Payment method</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {payOption(
              'credits',
              'Pay with credits',
              shortOfCredits && chosen
                ? insufficientCreditsMessage(chosen.credits)
                : creditsAvailable === undefined
                  ? null
                  : `${formatCredits(creditsAvailable)} credits available`,
              shortOfCredits,
            )}
            {payOption('card', 'Pay with card', null, false)}
          </div>
        </fieldset>
      )}

      {chosen ? (
        <TotalsCard
          label="Promotion summary"
          heading="Summary"
          rows={[
            { label: 'Beat', value: beat.title },
            { label: 'Promotion', value: chosen.name },
            { label: 'Duration', value: `${chosen.duration_days} days` },
            ...(included
              ? [
                  {
                    label: 'Included featured slot',
                    value: `${chosen.included_slots_left} of ${chosen.included_slots_per_month} left this month`,
                  },
                ]
              : discount > 0
                ? [{ label: 'Subscriber discount', value: `-${discount}%` }]
                : []),
          ]}
          total={{
            label: 'Total',
            value: included
              ? `${formatAmount(0, currency)} (0 credits)`
              : payWith === 'credits'
                ? `${formatCredits(chosen.credits)} credits`
                : formatPriceIn(chosen.price_cents, currency),
          }}
        />
      ) : null}

      <DialogSubmitFooter
        error={error}
        onCancel={onClose}
        canSubmit={canPromote}
        pending={mutation.isPending}
        leaving={leaving}
        label="Promote Beat"
      />
      <p className="text-xs text-muted">{PROMOTION_FOOTER}</p>
    </form>
  );
}

/**
 * Promote Your Beat (money.md §2, §4, §5, §6, §8): the options (a subscriber's discount as a
 * badge and as reduced prices), credits (default) or card, a summary, Cancel and Promote. A
 * featured option while the plan's included slots of the month last costs nothing: the slots
 * left show as a badge, the payment choice gives way to a note and the summary totals 0. With
 * credits the success view shows for 2 s, then the caller's callback and close; with a card the
 * browser goes to the checkout. Mounted once by app/, opened through usePromoteDialog.
 */
export function PromoteDialog({ creditsAvailable, onPromoted }: PromoteDialogProps) {
  const beat = usePromoteDialog((state) => state.beat);
  const onDoneCallback = usePromoteDialog((state) => state.onPromoted);
  const close = usePromoteDialog((state) => state.close);
  const { user } = useSession();
  const open = beat !== null && Boolean(user);

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Promote Your Beat"
      description={beat ? <span className="font-semibold text-fg">{beat.title}</span> : null}
      widthClassName="max-w-3xl"
    >
      {beat && user ? (
        <PromoteForm
          key={beat.id}
          beat={beat}
          userId={user.id}
          creditsAvailable={creditsAvailable}
          onPromoted={onPromoted}
          onDone={() => {
            onDoneCallback?.();
            close();
          }}
          onClose={close}
        />
      ) : null}
    </DialogShell>
  );
}
