import fp from 'fastify-plugin';
import { createCartRepository } from './cart.repository';
import { cartRoutes } from './cart.routes';
import { createCartService, type CartService } from './cart.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in users' carts, priced by the single purchase's licence pricing, with deals and coupons. */
    cart: CartService;
  }
}

export const cartPlugin = fp(
  async (app) => {
    app.decorate(
      'cart',
      createCartService({
        repo: createCartRepository(app.db.prisma),
        pricing: (buyer, beatId, license) => app.orders.priceLine(buyer, beatId, license),
        discounts: app.coupons,
      }),
    );
    await app.register(cartRoutes);
  },
  { name: 'cart', dependencies: ['db', 'auth', 'orders', 'coupons'] },
);
