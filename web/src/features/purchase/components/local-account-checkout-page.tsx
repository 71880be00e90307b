import { formatPrice } from '@beatroom/shared/format-money';
import type {
  AccountPayment,
  AccountPaymentKind,
  AccountPaymentStatus,
} from '@beatroom/shared/subscriptions-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { describeError } from '../../../lib/error-text';
import { localAccountPaymentQueryOptions, purchaseKeys, settleLocalAccountPayment } from '../api';
import { ClosedCheckout, LocalCheckoutFrame, Outcome, PendingCheckoutActions } from './local-checkout-parts';

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
      <ClosedCheckout noun="payment" error={settle.error} title={CLOSED_TITLES[payment.status]}>
        <div className="flex flex-wrap justify-center gap-2">{back}</div>
      </ClosedCheckout>
    );
  }
  return (
    <PendingCheckoutActions
      noun="payment"
      error={settle.error}
      expiresAt={payment.expires_at}
      working={settle.isPending ? settle.variables : null}
      price={formatPrice(payment.amount_cents, payment.currency)}
      onSettle={(action) => settle.mutate(action)}
    />
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
    <LocalCheckoutFrame noun="payment" query={payment} placeholderClassName="h-40">
      {(data) => (
        <>
          <PaymentCard payment={data} />
          <PaymentActions payment={data} onPaid={onPaid} />
        </>
      )}
    </LocalCheckoutFrame>
  );
}
