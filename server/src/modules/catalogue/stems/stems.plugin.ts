import fp from 'fastify-plugin';
import { createStemsRepository } from './stems.repository';
import { stemsRoutes } from './stems.routes';
import { createStemsService, type StemsService } from './stems.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A beat's stems ZIP: its producer uploads, replaces and removes it. */
    stems: StemsService;
  }
}

export const stemsPlugin = fp(
  async (app) => {
    app.decorate(
      'stems',
      createStemsService({ repo: createStemsRepository(app.db.prisma), storage: app.storage }),
    );
    await app.register(stemsRoutes);
  },
  { name: 'stems', dependencies: ['db', 'storage', 'auth'] },
);
