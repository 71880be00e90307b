import { formatDateTime } from '@beatroom/shared/format-dates';
import { formatPrice } from '@beatroom/shared/format-money';
import type { Order, OrderStatus } from '@beatroom/shared/money-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { storedFileUrl } from '../../../lib/stored-file';
import { useSession } from '../../session/hooks/use-session';
import { localOrderQueryOptions, purchaseKeys, settleLocalOrder } from '../api';
import { LocalCheckoutBanner, Outcome } from './local-checkout-parts';

/** Where the buyer finds what they bought (the Purchases tab of /downloads). */
export const PURCHASES_PATH = '/downloads?tab=purchases';

const CLOSED_TITLES: Record<Exclude<OrderStatus, 'pending' | 'paid'>, string> = {
  cancelled: 'Order cancelled',
  expired: 'This checkout has expired',
  failed: 'This order failed',
  refunded: 'This order was refunded',
};

function OrderCard({ order }: { order: Order }) {
  return (
    <div className="flex gap-4">
      <CoverArt
        src={storedFileUrl(order.cover_image_key)}
        title={order.beat_title}
        className="size-20 shrink-0 rounded-xl sm:size-24"
        initialClassName="text-3xl"
      />
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Beat</dt>
        <dd className="min-w-0 truncate font-semibold">
          <Link to={`/beat/${order.beat_id}`} className="hover:underline">
            {order.beat_title}
          </Link>
        </dd>
        <dt className="text-muted">Producer</dt>
        <dd className="min-w-0 truncate">{order.producer_name}</dd>
        <dt className="text-muted">Licence</dt>
        <dd>{order.license_name}</dd>
        <dt className="text-muted">Price</dt>
        <dd className="font-bold text-amber-300 numeric">
          {formatPrice(order.amount_cents, order.currency)}
        </dd>
      </dl>
    </div>
  );
}

function CheckoutActions({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const settle = useMutation({
    mutationFn: (action: 'pay' | 'cancel') => settleLocalOrder(order.id, action),
    onSuccess: async (answer) => {
      queryClient.setQueryData(purchaseKeys.localOrder(order.id), answer);
      if (answer.status !== 'paid') return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseKeys.licenses(answer.beat_id) }),
        user ? queryClient.invalidateQueries({ queryKey: purchaseKeys.downloadStatuses(user.id) }) : null,
      ]);
    },
    onError: (error) => {
      console.error(`Local checkout failed: ${describeError(error)}`);
      // The order may have closed meanwhile (expired, paid in another tab): show it as it is.
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.localOrder(order.id) });
    },
  });
  const price = formatPrice(order.amount_cents, order.currency);
  const back = (
    <Link to={`/beat/${order.beat_id}`} className={buttonClasses({ variant: 'secondary' })}>
      Back to the beat
    </Link>
  );

  // Shown whatever the order became: a Pay refused because the checkout closed meanwhile says why.
  const failure = settle.isError ? (
    <ErrorBanner
      title="The order could not be updated"
      detail={serverErrorText(settle.error) ?? 'Please try again.'}
    />
  ) : null;

  if (order.status === 'paid') {
    return (
      <Outcome tone="good" title="Payment complete">
        <p className="text-sm text-muted">
          Your {order.license_name} licence for {order.beat_title} is ready to download.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={PURCHASES_PATH} className={buttonClasses()}>
            Go to Downloads
          </Link>
          {back}
        </div>
      </Outcome>
    );
  }
  if (order.status !== 'pending') {
    return (
      <div className="flex flex-col gap-4">
        {failure}
        <Outcome tone="bad" title={CLOSED_TITLES[order.status]}>
          {order.status_reason ? <p className="text-sm text-muted">{order.status_reason}</p> : null}
          <div className="flex flex-wrap justify-center gap-2">{back}</div>
        </Outcome>
      </div>
    );
  }

  const working = settle.isPending ? settle.variables : null;
  return (
    <div className="flex flex-col gap-4">
      {failure}
      <p className="text-xs text-muted">Open until {formatDateTime(order.expires_at)}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => settle.mutate('cancel')} disabled={settle.isPending}>
          {working === 'cancel' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          Cancel
        </Button>
        <Button onClick={() => settle.mutate('pay')} disabled={settle.isPending}>
          {working === 'pay' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {working === 'pay' ? 'Processing...' : `Pay ${price}`}
        </Button>
      </div>
    </div>
  );
}

/**
 * /checkout/local/:orderId: the local test checkout (no Stripe configured). The buyer sees the
 * order, a banner that no money moves, and Pay or Cancel; Pay runs the same fulfilment as a
 * real payment. Signed-in buyers only (app/ wraps it); another user's order is a 404.
 */
export function LocalCheckoutPage() {
  const { orderId = '' } = useParams();
  const order = useQuery(localOrderQueryOptions(orderId));

  return (
    <section aria-labelledby="checkout-title" className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 id="checkout-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Checkout
      </h1>
      <LocalCheckoutBanner what="the order" />

      {order.isPending ? (
        <div role="status" aria-label="Loading order" className="h-48 animate-pulse rounded-3xl bg-fg/10" />
      ) : order.isError ? (
        isApiError(order.error, 404) ? (
          <Outcome tone="bad" title="Order not found">
            <Link to="/" className={buttonClasses()}>
              Browse Beats
            </Link>
          </Outcome>
        ) : (
          <ErrorState
            title="The order could not be loaded"
            onRetry={() => void order.refetch()}
            retrying={order.isFetching}
          />
        )
      ) : (
        <div className="flex flex-col gap-6 rounded-3xl border border-line bg-surface/60 p-5 sm:p-6">
          <OrderCard order={order.data} />
          <CheckoutActions order={order.data} />
        </div>
      )}
    </section>
  );
}
