import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { filesRoutes } from './files.routes';
import { createFilesService, type FilesService } from './files.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads of stored files for /api/files (ETag, Range, caching). */
    files: FilesService;
  }
}

export const filesPlugin = fp(
  async (app, opts: { config: Config }) => {
    app.decorate('files', createFilesService({ storage: app.storage, isPublic: app.uploads.isPublic }));
    await app.register(filesRoutes, { config: opts.config });
  },
  { name: 'files', dependencies: ['storage', 'uploads'] },
);
