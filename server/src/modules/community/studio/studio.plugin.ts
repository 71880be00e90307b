import fp from 'fastify-plugin';
import { createStudioRepository } from './studio.repository';
import { studioRoutes } from './studio.routes';
import { createStudioService, type StudioService } from './studio.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The studio's sessions and beat audio. Account deletion calls
     * `app.studio.removeAll(tx, userId)` inside its transaction.
     */
    studio: StudioService;
  }
}

export const studioPlugin = fp(
  async (app) => {
    app.decorate(
      'studio',
      createStudioService({
        repo: createStudioRepository(app.db.prisma),
        ports: {
          downloadReason: async (user, beatId) => (await app.downloads.status(user, beatId)).reason,
          mp3Rendition: (beatId) => app.previews.rendition(beatId, 'mp3_320'),
          readPrivate: (key, request) => app.files.readPrivate(key, request),
        },
        log: app.log,
      }),
    );
    await app.register(studioRoutes);
  },
  { name: 'studio', dependencies: ['db', 'auth', 'files', 'previews', 'downloads'] },
);
