import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createFulfilmentRepository } from './fulfilment.repository';
import { createFulfilmentService, type FulfilmentService } from './fulfilment.service';
import { createLocalCheckoutService, type LocalCheckoutService } from './local-checkout.service';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService, type OrdersService } from './orders.service';
import { scheduleOrderJobs } from './order-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Licences and purchases. */
    orders: OrdersService;
    /**
     * The one fulfilment function and what follows payments: the Stripe webhook and the local
     * checkout call `fulfil`; `expireReservations` releases checkouts whose time ran out.
     */
    fulfilment: FulfilmentService;
    /** The local test checkout, null when Stripe takes the payments. */
    localCheckout: LocalCheckoutService | null;
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
    app.decorate(
      'orders',
      createOrdersService({ repo, provider, fulfilment, publicUrl: opts.config.publicUrl }),
    );
    app.decorate(
      'localCheckout',
      local ? createLocalCheckoutService({ orders: repo, fulfilment, local }) : null,
    );
    await app.register(ordersRoutes);
    if (app.hasDecorator('jobs')) await scheduleOrderJobs(app.jobs, fulfilment);
  },
  { name: 'orders', dependencies: ['db', 'auth', 'domain-events', 'payments'] },
);
