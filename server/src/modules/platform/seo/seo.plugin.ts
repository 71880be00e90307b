import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createSeoRepository } from './seo.repository';
import { seoRoutes } from './seo.routes';
import { createSeoService, type SeoService } from './seo.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** robots.txt, the sitemap, and each public page's title, description and Open Graph tags. */
    seo: SeoService;
  }
}

export const seoPlugin = fp(
  async (app, opts: { config: Config }) => {
    app.decorate(
      'seo',
      createSeoService({ repo: createSeoRepository(app.db.prisma), publicUrl: opts.config.publicUrl }),
    );
    await app.register(seoRoutes);
  },
  { name: 'seo', dependencies: ['db', 'auth'] },
);
