import { formatDateTime } from '@beatroom/shared/format-dates';
import { formatPrice } from '@beatroom/shared/format-money';
import type {
  AccountPayment,
  AccountPaymentKind,
  AccountPaymentStatus,
} from '@beatroom/shared/subscriptions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { localAccountPaymentQueryOptions, purchaseKeys, settleLocalAccountPayment } from '../api';
import { LocalCheckoutBanner, Outcome } from './local-checkout-parts';

const KIND_LABELS: Record<AccountPaymentKind, string> = {
  credits: 'Credits',
  promotion: 'Promotion',
  subscription: 'Subscription',
};

/** What the payer has once paid, per kind. */
const PAID_TEXTS: Record<AccountPaymentKind, string> = {
  credits: 'Your credits are in your balance.',
  promotion: 'Your promotion is active.',
  subscription: 'Your subscription is active.',
};

const CLOSED_TITLES: Record<Exclude<AccountPaymentStatus, 'pending' | 'paid'>, string> = {
  cancelled: 'Payment cancelled',
  expired: 'This checkout has expired',
  failed: 'This payment failed',
};

function PaymentCard({ payment }: { payment: AccountPayment }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">For</dt>
      <dd className="min-w-0 font-semibold">{KIND_LABELS[payment.kind]}</dd>
      <dt className="text-muted">Item</dt>
      <dd className="min-w-0">{payment.description}</dd>
      <dt className="text-muted">Price</dt>
      <dd className="font-bold text-amber-300 numeric">
        {formatPrice(payment.amount_cents, payment.currency)}
      </dd>
    </dl>
  );
}

function PaymentActions({
  payment,
  onPaid,
}: {
  payment: AccountPayment;
  onPaid?: (payment: AccountPayment) => void;
}) {
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: (action: 'pay' | 'cancel') => settleLocalAccountPayment(payment.id, action),
    onSuccess: (answer) => {
      queryClient.setQueryData(purchaseKeys.localAccountPayment(payment.id), answer);
      if (answer.status === 'paid') onPaid?.(answer);
    },
    onError: (error) => {
      console.error(`Local checkout failed: ${describeError(error)}`);
      // The payment may have closed meanwhile (expired, paid in another tab): show it as it is.
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.localAccountPayment(payment.id) });
    },
  });
  const back = (
    <Link to={payment.return_path} className={buttonClasses({ variant: 'secondary' })}>
      Back
    </Link>
  );
  const failure = settle.isError ? (
    <ErrorBanner
      title="The payment could not be updated"
      detail={serverErrorText(settle.error) ?? 'Please try again.'}
    />
  ) : null;

  if (payment.status === 'paid') {
    return (
      <Outcome tone="good" title="Payment complete">
        <p className="text-sm text-muted">{PAID_TEXTS[payment.kind]}</p>
        <Link to={payment.return_path} className={buttonClasses()}>
          Continue
        </Link>
      </Outcome>
    );
  }
  if (payment.status !== 'pending') {
    return (
      <div className="flex flex-col gap-4">
        {failure}
        <Outcome tone="bad" title={CLOSED_TITLES[payment.status]}>
          <div className="flex flex-wrap justify-center gap-2">{back}</div>
        </Outcome>
      </div>
    );
  }

  const working = settle.isPending ? settle.variables : null;
  return (
    <div className="flex flex-col gap-4">
      {failure}
      <p className="text-xs text-muted">Open until {formatDateTime(payment.expires_at)}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => settle.mutate('cancel')} disabled={settle.isPending}>
          {working === 'cancel' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          Cancel
        </Button>
        <Button onClick={() => settle.mutate('pay')} disabled={settle.isPending}>
          {working === 'pay' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {working === 'pay' ? 'Processing...' : `Pay ${formatPrice(payment.amount_cents, payment.currency)}`}
        </Button>
      </div>
    </div>
  );
}

/**
 * /checkout/local/account/:paymentId: the local test checkout of an account payment (a credits
 * pack, a promotion paid by card, a subscription's first period) when Stripe is not configured.
 * The payer sees what they pay for, the banner that no money moves, and Pay or Cancel; Pay runs
 * the same completion as a real payment. `onPaid` lets app/ refresh what the payment changed.
 */
export function LocalAccountCheckoutPage({ onPaid }: { onPaid?: (payment: AccountPayment) => void }) {
  const { paymentId = '' } = useParams();
  const payment = useQuery(localAccountPaymentQueryOptions(paymentId));

  return (
    <section aria-labelledby="checkout-title" className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 id="checkout-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Checkout
      </h1>
      <LocalCheckoutBanner what="the payment" />

      {payment.isPending ? (
        <div role="status" aria-label="Loading payment" className="h-40 animate-pulse rounded-3xl bg-fg/10" />
      ) : payment.isError ? (
        isApiError(payment.error, 404) ? (
          <Outcome tone="bad" title="Payment not found">
            <Link to="/" className={buttonClasses()}>
              Browse Beats
            </Link>
          </Outcome>
        ) : (
          <ErrorState
            title="The payment could not be loaded"
            onRetry={() => void payment.refetch()}
            retrying={payment.isFetching}
          />
        )
      ) : (
        <div className="flex flex-col gap-6 rounded-3xl border border-line bg-surface/60 p-5 sm:p-6">
          <PaymentCard payment={payment.data} />
          <PaymentActions payment={payment.data} onPaid={onPaid} />
        </div>
      )}
    </section>
  );
}
