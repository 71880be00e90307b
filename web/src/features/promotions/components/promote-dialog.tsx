import { formatCredits } from '@beatroom/shared/format-money';
import { DEFAULT_PROMOTION_PAYMENT_METHOD, type PromotionType } from '@beatroom/shared/money-constants';
import { insufficientCreditsMessage } from '@beatroom/shared/credits-contract';
import type { PromoteBody } from '@beatroom/shared/promotions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
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
import { promoteBeat, promotionKeys, promotionOptionsQueryOptions } from '../api';
import { usePromoteDialog, type PromoteBeat } from '../store/promote-dialog-store';
import { PromotionOptions } from './promotion-options';
import { PromotionPaymentChoice, type PayWith } from './promotion-payment-choice';
import { includedSlots, PromotionPerkBadges } from './promotion-perk-badges';
import { PromotionSummary } from './promotion-summary';

/** Shown when promoting fails: the server's error, or this. */
export const PROMOTE_FAILED = 'Failed to promote beat';

/** The dialog's footer note. */
export const PROMOTION_FOOTER =
  'Promotions are processed immediately and your beat will be featured within minutes. Payment is non-refundable once the promotion begins.';

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
  // Credits are offered only when they cover the cost; then the card is the way.
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

  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <PromotionPerkBadges discount={discount} slots={slots} />

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
        <PromotionPaymentChoice
          payWith={payWith}
          onPick={(value) => {
            setPicked(value);
            setError(null);
          }}
          creditsDetail={
            shortOfCredits && chosen
              ? insufficientCreditsMessage(chosen.credits)
              : creditsAvailable === undefined
                ? null
                : `${formatCredits(creditsAvailable)} credits available`
          }
          creditsDisabled={shortOfCredits}
          disabled={busy}
        />
      )}

      {chosen ? (
        <PromotionSummary
          beatTitle={beat.title}
          chosen={chosen}
          included={included}
          discount={discount}
          payWith={payWith}
          currency={currency}
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
 * Promote Your Beat: the options (a subscriber's discount as a
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

  return (
    <SignedInDialog
      open={beat !== null}
      close={close}
      onFinished={onDoneCallback}
      title="Promote Your Beat"
      description={beat ? <span className="font-semibold text-fg">{beat.title}</span> : null}
    >
      {(user, finish) =>
        beat ? (
          <PromoteForm
            key={beat.id}
            beat={beat}
            userId={user.id}
            creditsAvailable={creditsAvailable}
            onPromoted={onPromoted}
            onDone={finish}
            onClose={close}
          />
        ) : null
      }
    </SignedInDialog>
  );
}
