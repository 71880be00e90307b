import fp from 'fastify-plugin';
import { createUploadsRepository } from './uploads.repository';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService, type UploadsService } from './uploads.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores checked uploads (the upload routes and the demo seed both go through it). */
    uploads: UploadsService;
  }
}

export const uploadsPlugin = fp(
  async (app) => {
    app.decorate(
      'uploads',
      createUploadsService({
        repo: createUploadsRepository(app.db.prisma),
        storage: app.storage,
        log: app.log,
      }),
    );
    await app.register(uploadsRoutes);
  },
  { name: 'uploads', dependencies: ['db', 'storage', 'auth'] },
);
