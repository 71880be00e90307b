import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /robots.txt and GET /sitemap.xml: public, outside /api (so no session lookup); the sitemap
 * is one query of ids, and crawlers ask for it rarely.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(app.seo.robotsTxt()),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await app.seo.sitemapXml()),
  );
};
