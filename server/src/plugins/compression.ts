import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES } from '../http/compressed-answer';

/**
 * Routes that answer stored files with byte ranges (players seek, downloads resume): a range of
 * a compressed stream is not the range the client asked for, and the files are audio, images
 * and PDFs that do not shrink anyway.
 */
const RANGE_ROUTES = ['/api/files/', '/api/downloads/'];

/**
 * Brotli or gzip, as the request's Accept-Encoding prefers, for every text answer of at least
 * 1 KB (JSON, the app's HTML, robots and sitemap). The built JS and CSS are compressed once at
 * build time and served as such by the web plugin (their Content-Encoding makes this pass them
 * by). Registered before any route: the compression hook is added to each route as it is made.
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (RANGE_ROUTES.some((prefix) => route.url.startsWith(prefix))) route.compress = false;
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      // The same settings as the hot routes' own compressed answers (http/compressed-answer.ts).
      brotliOptions: BROTLI_OPTIONS,
    });
  },
  { name: 'compression' },
);
