import fp from 'fastify-plugin';
import { createPrerenderService, type PrerenderService } from './prerender.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server-rendered first screen of the public pages (the web plugin puts it in #root). */
    prerender: PrerenderService;
  }
}

export const prerenderPlugin = fp(
  async (app) => {
    app.decorate('prerender', createPrerenderService({ beats: app.beats, profiles: app.profiles }));
  },
  { name: 'prerender', dependencies: ['beats', 'profiles'] },
);
