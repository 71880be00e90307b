import fp from 'fastify-plugin';
import { createCouponsRepository } from './coupons.repository';
import { couponsRoutes } from './coupons.routes';
import { createCouponsService, type CouponsService } from './coupons.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Producers' coupons and bulk deals. */
    coupons: CouponsService;
  }
}

export const couponsPlugin = fp(
  async (app) => {
    app.decorate('coupons', createCouponsService({ repo: createCouponsRepository(app.db.prisma) }));
    await app.register(couponsRoutes);
  },
  { name: 'coupons', dependencies: ['db', 'auth'] },
);
