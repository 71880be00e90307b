import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createCartCheckoutRepository } from './cart-checkout.repository';
import { cartCheckoutRoutes } from './cart-checkout.routes';
import { createCartCheckoutService, type CartCheckoutService } from './cart-checkout.service';
import { createExclusiveHolds } from './exclusive-holds';
import { createFulfilmentRepository } from './fulfilment.repository';
import { createOrderPayment } from './order-payment';
import { createFulfilmentService, type FulfilmentService } from './fulfilment.service';
import { createLocalCheckoutService, type LocalCheckoutService } from './local-checkout.service';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService, type OrdersService } from './orders.service';
import { scheduleOrderJobs } from './order-jobs';
import { createAccountRefundsRepository } from './account-refunds.repository';
import { createAccountRefundsService, type AccountRefundsService } from './account-refunds.service';
import { createDisputesService, type DisputesService } from './disputes.service';
import { createRefundsRepository } from './refunds.repository';
import { refundsRoutes } from './refunds.routes';
import { createRefundsService, type RefundsService } from './refunds.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Licences and purchases. */
    orders: OrdersService;
    /** A cart's checkout: one order with a line per beat. */
    cartCheckout: CartCheckoutService;
    /**
     * The one fulfilment function and what follows payments: the Stripe webhook and the local
     * checkout call `fulfil`; `expireReservations` releases checkouts whose time ran out.
     */
    fulfilment: FulfilmentService;
    /** The local test checkout, null when Stripe takes the payments. */
    localCheckout: LocalCheckoutService | null;
    /** Refunds and disputes of orders (admin refunds, Stripe's charge and dispute events). */
    refunds: RefundsService & DisputesService;
    /** Refunds of credit packs and subscription periods (credits taken back, period ended). */
    accountRefunds: AccountRefundsService;
  }
}

export const ordersPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createOrdersRepository(app.db.prisma);
    const { provider, local } = app.payments;
    const fulfilment = createFulfilmentService({
      orders: repo,
      fulfilment: createFulfilmentRepository(app.db.prisma),
      provider,
      events: app.domainEvents,
      log: app.log,
    });
    app.decorate('fulfilment', fulfilment);
    const holds = createExclusiveHolds();
    // Coupons register after orders: looked up when a checkout uses one.
    const discounts = () => app.coupons;
    const { publicUrl } = opts.config;
    app.decorate(
      'orders',
      createOrdersService({ repo, provider, fulfilment, holds, coupons: discounts, publicUrl }),
    );
    app.decorate(
      'cartCheckout',
      createCartCheckoutService({
        cart: () => app.cart,
        orders: repo,
        repo: createCartCheckoutRepository(app.db.prisma),
        holds,
        provider,
        payment: createOrderPayment({ repo, provider, fulfilment }),
        discounts,
        publicUrl,
      }),
    );
    app.decorate(
      'localCheckout',
      local ? createLocalCheckoutService({ orders: repo, fulfilment, local }) : null,
    );
    const payouts = app.payments.gateways?.payouts ?? null;
    const refundsRepo = createRefundsRepository(app.db.prisma);
    app.decorate(
      'accountRefunds',
      createAccountRefundsService({
        repo: createAccountRefundsRepository(app.db.prisma),
        refunds: refundsRepo,
        // Looked up at call time: credits registers after orders.
        credits: () => app.credits,
        provider,
        cancelProviderSubscription: async (id) => {
          try {
            await app.payments.gateways?.billing.cancel(id);
          } catch (error) {
            // Already cancelled at Stripe (or it is down): the subscription is ended here anyway.
            app.log.error({ err: error, subscription: id }, 'could not cancel a refunded subscription');
          }
        },
        log: app.log,
      }),
    );
    const refunds = createRefundsService({
      repo: refundsRepo,
      provider,
      reverseTransfer: () => (payouts ? (input) => payouts.reverseTransfer(input) : null),
      audit: () => app.audit,
      events: app.domainEvents,
      log: app.log,
    });
    app.decorate('refunds', {
      ...refunds,
      ...createDisputesService({ repo: refundsRepo, refundOrder: refunds.refundOrder }),
    });
    await app.register(ordersRoutes);
    await app.register(cartCheckoutRoutes);
    await app.register(refundsRoutes);
    if (app.hasDecorator('jobs')) await scheduleOrderJobs(app.jobs, fulfilment);
  },
  { name: 'orders', dependencies: ['db', 'auth', 'audit', 'domain-events', 'payments'] },
);
