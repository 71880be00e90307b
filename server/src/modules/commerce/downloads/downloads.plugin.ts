import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createDownloadsRepository } from './downloads.repository';
import { downloadsRoutes } from './downloads.routes';
import { createDownloadsService, type DownloadsService, type RenditionLookup } from './downloads.service';
import { createDownloadSigner } from './signed-url';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Downloads: who may download which file of a beat, signed links, history. Analytics reads
     * `app.downloads.recentDownloadsOf(producerId, since)`.
     */
    downloads: DownloadsService;
  }
}

/**
 * Builds the downloads service (repository, link signer, the previews module's renditions) and
 * its routes; files are served through the files module's service (Range, ETag).
 */
export const downloadsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const renditions: RenditionLookup = {
      rendition: (beatId, format) => app.previews.rendition(beatId, format),
    };
    app.decorate(
      'downloads',
      createDownloadsService({
        repo: createDownloadsRepository(app.db.prisma),
        signer: createDownloadSigner(opts.config.sessionSecret),
        renditions,
        events: app.domainEvents,
      }),
    );
    await app.register(downloadsRoutes);
  },
  { name: 'downloads', dependencies: ['db', 'auth', 'domain-events', 'files', 'previews'] },
);
