import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { withFirstScreen } from '../modules/platform/prerender/first-screen';
import { withPageHead } from '../modules/platform/seo/seo.service';

/**
 * Serves the built web app beside the API on one port. Hashed assets are cached for a year and
 * sent as the Brotli or gzip file the build wrote beside them, as Accept-Encoding allows; any
 * other non-API GET gets index.html, with the page's own title, description and Open Graph tags
 * (app.seo), so client routes survive a reload and shared links show a preview, and with the
 * public pages' first screen already in #root (app.prerender: painted before the script runs,
 * replaced when React mounts; a missing beat or profile answers 404); an unknown /api path is a
 * JSON 404.
 */
export const webPlugin = fp(
  async (app, opts: { dist: string }) => {
    const indexFile = join(opts.dist, 'index.html');
    if (!existsSync(indexFile)) {
      throw new Error(`The web app is not built: ${opts.dist}/index.html is missing (run npm run build).`);
    }
    const indexHtml = readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, {
      root: opts.dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The page fallback below would answer unknown API paths with the app (a 200 the client
    // fails to parse as JSON): they stay the API's JSON 404, under the API's rate limit.
    app.get('/api', async (_request, reply) => reply.callNotFound());
    app.get('/api/*', async (_request, reply) => reply.callNotFound());
    app.get('/*', { config: { rateLimit: false } }, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(opts.dist, path))) {
        return reply.sendFile(path.slice(1));
      }
      const search = request.url.slice(path.length + 1);
      const [meta, screen] = await Promise.all([
        app.seo.pageMeta(path),
        app.prerender.firstScreen(path, search),
      ]);
      // The head first: the first screen holds user text, which no head pattern should ever see.
      const withHead = withPageHead(indexHtml, meta);
      const page = screen ? withFirstScreen(withHead, screen.markup.value, screen.data) : withHead;
      return reply
        .status(screen?.status ?? 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  },
  { name: 'web', dependencies: ['seo', 'prerender'] },
);
