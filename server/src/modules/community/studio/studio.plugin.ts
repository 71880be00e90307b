import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createStudioRepository } from './studio.repository';
import { studioRoutes } from './studio.routes';
import { createStudioService, type StudioPorts, type StudioService } from './studio.service';
import { createStudioTakesRepository } from './studio-takes.repository';
import { studioTakesRoutes } from './studio-takes.routes';
import { createStudioTakesService, type StudioTakesService } from './studio-takes.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The studio's sessions and beat audio. Account deletion calls
     * `app.studio.removeAll(tx, userId)` inside its transaction.
     */
    studio: StudioService;
    /** The audio files of the takes on the studio's timeline (private to their owner). */
    studioTakes: StudioTakesService;
  }
}

export const studioPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const readPrivate: StudioPorts['readPrivate'] = (key, request) => app.files.readPrivate(key, request);
    const takes = createStudioTakesService({
      repo: createStudioTakesRepository(app.db.prisma),
      storage: app.storage,
      readPrivate,
      log: app.log,
    });
    app.decorate('studioTakes', takes);
    app.decorate(
      'studio',
      createStudioService({
        repo: createStudioRepository(app.db.prisma),
        ports: {
          downloadReason: async (user, beatId) => (await app.downloads.status(user, beatId)).reason,
          mp3Rendition: (beatId) => app.previews.rendition(beatId, 'mp3_320'),
          readPrivate,
          releaseTakes: (user, ids) => takes.release(user, ids),
        },
        log: app.log,
      }),
    );
    await app.register(studioRoutes);
    await app.register(studioTakesRoutes, { config });
  },
  { name: 'studio', dependencies: ['db', 'auth', 'storage', 'files', 'previews', 'downloads'] },
);
