import { createLocalCheckoutPage } from '../payments/local-checkout-page';
import type { LocalProvider } from '../payments/local-provider';
import type { FulfilmentService } from './fulfilment.service';
import type { OrdersRepository } from './orders.repository';

export const ORDER_NOT_FOUND = 'Order not found';
export const CHECKOUT_CLOSED = {
  expired: 'This checkout has expired',
  cancelled: 'This order was cancelled',
  failed: 'This order failed',
  refunded: 'This order was refunded',
} as const;
const ALREADY_PAID = 'This order is already paid';

/**
 * The local test checkout of an order (no Stripe configured): the page at
 * /checkout/local/{orderId} shows the order and offers Pay and Cancel. Pay goes through the
 * same fulfilment as a Stripe payment; only the order's buyer sees or acts on it.
 */
export function createLocalCheckoutService(deps: {
  orders: OrdersRepository;
  fulfilment: FulfilmentService;
  local: LocalProvider;
  now?: () => Date;
}) {
  const { orders, fulfilment } = deps;
  return createLocalCheckoutPage({
    local: deps.local,
    now: deps.now ?? (() => new Date()),
    notFoundMessage: ORDER_NOT_FOUND,
    async own(user, orderId) {
      const order = await orders.find(orderId);
      return order && order.buyer_id === user.id && order.provider === 'local' ? order : null;
    },
    closedMessage: (status) =>
      status === 'paid' ? ALREADY_PAID : CHECKOUT_CLOSED[status as keyof typeof CHECKOUT_CLOSED],
    complete: async (order, received) => (await fulfilment.fulfil(order.id, received)).outcome === 'paid',
    close: (order, status, user) =>
      status === 'expired'
        ? orders.close(order.id, 'expired', 'Checkout expired')
        : orders.close(order.id, 'cancelled', 'Cancelled by the buyer', user.id),
  });
}

export type LocalCheckoutService = ReturnType<typeof createLocalCheckoutService>;
