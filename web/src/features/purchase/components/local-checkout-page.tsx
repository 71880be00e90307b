import { formatPrice } from '@beatroom/shared/format-money';
import type { Order, OrderStatus } from '@beatroom/shared/money-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { describeError } from '../../../lib/error-text';
import { storedFileUrl } from '../../../lib/stored-file';
import { useSession } from '../../session/hooks/use-session';
import { localOrderQueryOptions, purchaseKeys, settleLocalOrder } from '../api';
import { ClosedCheckout, LocalCheckoutFrame, Outcome, PendingCheckoutActions } from './local-checkout-parts';

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
        queryClient.invalidateQueries({ queryKey: purchaseKeys.licenses(answer.beat_id, user?.id ?? null) }),
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
      <ClosedCheckout noun="order" error={settle.error} title={CLOSED_TITLES[order.status]}>
        {order.status_reason ? <p className="text-sm text-muted">{order.status_reason}</p> : null}
        <div className="flex flex-wrap justify-center gap-2">{back}</div>
      </ClosedCheckout>
    );
  }
  return (
    <PendingCheckoutActions
      noun="order"
      error={settle.error}
      expiresAt={order.expires_at}
      working={settle.isPending ? settle.variables : null}
      price={price}
      onSettle={(action) => settle.mutate(action)}
    />
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
    <LocalCheckoutFrame noun="order" query={order} placeholderClassName="h-48">
      {(data) => (
        <>
          <OrderCard order={data} />
          <CheckoutActions order={data} />
        </>
      )}
    </LocalCheckoutFrame>
  );
}
