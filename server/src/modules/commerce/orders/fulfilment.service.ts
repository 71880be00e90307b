import type { DomainEvents } from '../../../events/domain-events';
import type { CheckoutProvider } from '../payments/checkout-provider';
import type { FulfilmentRepository } from './fulfilment.repository';
import { fulfilOrder, type ConfirmedPayment, type FulfilmentResult } from './order-fulfilment';
import type { OrderRecord, OrdersRepository } from './orders.repository';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * What happens after a provider says money arrived or a checkout ended: fulfil (once), tell the
 * domain (activity, the producer's "New sale"), give back money that cannot be honoured, and
 * release reservations whose time ran out. The Stripe webhook, the local checkout, a saved-method
 * charge and the scheduled job all come through here.
 */
export function createFulfilmentService(deps: {
  orders: OrdersRepository;
  fulfilment: FulfilmentRepository;
  provider: CheckoutProvider;
  events: DomainEvents;
  log: Log;
  now?: () => Date;
}) {
  const { orders, fulfilment, provider, events, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Asks the provider for the money back; a failure is retried by `sendPendingRefunds`. */
  async function refund(
    order: Pick<OrderRecord, 'id' | 'amount_cents' | 'transfer_destination'>,
    paymentId: string,
  ): Promise<void> {
    try {
      const { refundId } = await provider.refund({
        id: order.id,
        paymentId,
        amountCents: order.amount_cents,
        destinationCharge: !!order.transfer_destination,
      });
      await orders.setRefundId(order.id, refundId);
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'refund failed; it will be retried');
    }
  }

  return {
    /**
     * The one fulfilment entry point: idempotent per order. A payment that cannot be honoured
     * is refunded here and the order says why.
     */
    async fulfil(orderId: string, payment: ConfirmedPayment): Promise<FulfilmentResult> {
      const eventIds: string[] = [];
      const result = await fulfilOrder(fulfilment, orderId, payment, now(), async (tx, paid) => {
        // One sale event per line (the producer's "New sale", activity, analytics), then the
        // order's (the buyer's one receipt).
        for (const line of paid.lines) {
          eventIds.push(
            await events.record(tx, { type: 'beat.purchased', orderId, buyerId: paid.buyerId, ...line }),
          );
        }
        const lines = paid.lines.map(({ beatId, beatTitle, licenseType, amountCents }) => ({
          beatId,
          beatTitle,
          licenseType,
          amountCents,
        }));
        eventIds.push(
          await events.record(tx, {
            type: 'order.paid',
            orderId,
            saleEventId: eventIds[0]!,
            buyerId: paid.buyerId,
            amountCents: paid.amountCents,
            lines,
          }),
        );
      });
      if (result.outcome === 'paid') {
        log.info({ orderId, invoice: result.invoiceNumber }, 'order fulfilled');
        await events.deliver(eventIds);
      } else if (result.outcome === 'refund') {
        log.warn({ orderId, reason: result.reason }, 'payment refunded');
        const order = {
          id: orderId,
          amount_cents: payment.amountCents,
          transfer_destination: result.transferDestination,
        };
        await refund(order, payment.paymentId);
      } else if (result.outcome === 'unknown_order') {
        // Only our own order ids are believed, so the order existed: it went with its beat when
        // the producer deleted the account. Nothing can be delivered for it; the money goes back
        // (once: the provider's refund is idempotent per id).
        log.warn(
          { orderId, paymentId: payment.paymentId },
          'payment for an order that no longer exists: refunded',
        );
        try {
          await provider.refund({
            id: orderId,
            paymentId: payment.paymentId,
            amountCents: payment.amountCents,
            destinationCharge: false,
          });
        } catch (error) {
          log.error({ err: error, orderId }, 'refund of a payment for a deleted order failed');
        }
      }
      return result;
    },

    /** A checkout the provider closed unpaid; a paid order stays paid (events may arrive late). */
    async checkoutExpired(orderId: string): Promise<void> {
      await orders.close(orderId, 'expired', 'Checkout expired');
    },

    /**
     * Releases every open checkout whose 30 minutes are over (the exclusive it reserved becomes
     * available again) and closes it at the provider too. Scheduled every minute.
     */
    async expireReservations(at: Date = now()): Promise<number> {
      const expired = await orders.expireDue(at);
      for (const { id, sessionId } of expired) {
        if (!sessionId) continue;
        await provider.cancelCheckout(sessionId).catch((error: unknown) => {
          log.warn({ err: error, orderId: id }, 'could not close the expired checkout at the provider');
        });
      }
      return expired.length;
    },

    /** Sends refunds that failed before (the provider was down); safe to repeat. */
    async sendPendingRefunds(): Promise<number> {
      const due = await orders.refundsToSend();
      for (const order of due) await refund(order, order.provider_payment_id!);
      return due.length;
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
