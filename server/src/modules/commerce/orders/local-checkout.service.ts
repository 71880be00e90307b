import { conflict, notFound } from '../../../http/http-errors';
import { localPaymentId, type LocalProvider } from '../payments/local-provider';
import type { UserRecord } from '../../platform/users/user-record';
import type { FulfilmentService } from './fulfilment.service';
import type { OrderRecord, OrdersRepository } from './orders.repository';

export const ORDER_NOT_FOUND = 'Order not found';
export const CHECKOUT_CLOSED = {
  expired: 'This checkout has expired',
  cancelled: 'This order was cancelled',
  failed: 'This order failed',
  refunded: 'This order was refunded',
} as const;

/**
 * The local test checkout (no Stripe configured): the page at /checkout/local/{orderId} shows
 * the order and offers Pay and Cancel. Pay goes through the same fulfilment as a Stripe
 * payment; only the order's buyer sees or acts on it.
 */
export function createLocalCheckoutService(deps: {
  orders: OrdersRepository;
  fulfilment: FulfilmentService;
  local: LocalProvider;
  now?: () => Date;
}) {
  const { orders, fulfilment, local } = deps;
  const now = deps.now ?? (() => new Date());

  async function own(user: UserRecord, orderId: string): Promise<OrderRecord> {
    const order = await orders.find(orderId);
    if (!order || order.buyerId !== user.id || order.provider !== 'local') throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** An open order whose time ran out is expired now, so the page and the job agree. */
  async function current(user: UserRecord, orderId: string): Promise<OrderRecord> {
    const order = await own(user, orderId);
    if (order.status === 'pending' && order.expiresAt <= now()) {
      await orders.close(order.id, 'expired', 'Checkout expired');
      return own(user, orderId);
    }
    return order;
  }

  return {
    summary: current,

    /** Pays; paying a paid order again changes nothing. A closed checkout is a 409. */
    async pay(user: UserRecord, orderId: string): Promise<OrderRecord> {
      const order = await current(user, orderId);
      if (order.status === 'paid') return order;
      if (order.status !== 'pending') throw conflict(CHECKOUT_CLOSED[order.status]);
      const result = await fulfilment.fulfil(order.id, {
        paymentId: localPaymentId(order.id),
        amountCents: order.amount_cents,
      });
      if (result.outcome === 'paid' && order.savePaymentMethod) {
        await local.saveTestMethod(user, order.payment_method_type, now());
      }
      return own(user, orderId);
    },

    async cancel(user: UserRecord, orderId: string): Promise<OrderRecord> {
      const order = await current(user, orderId);
      if (order.status === 'cancelled') return order;
      if (order.status !== 'pending') {
        throw conflict(
          order.status === 'paid' ? 'This order is already paid' : CHECKOUT_CLOSED[order.status],
        );
      }
      await orders.close(order.id, 'cancelled', 'Cancelled by the buyer', user.id);
      return own(user, orderId);
    },
  };
}

export type LocalCheckoutService = ReturnType<typeof createLocalCheckoutService>;
