import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createUploadsRepository } from '../uploads/uploads.repository';
import { createBeatSocialRepository } from './beat-social.repository';
import { createBeatSocialService, type BeatSocialService } from './beat-social.service';
import { createBeatsSearchRepository } from './beats-search.repository';
import { createBeatsRepository } from './beats.repository';
import { createBeatsService, type BeatsService } from './beats.service';
import { createRecentPlays } from './recent-plays';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Beats: browse, read, create, edit, delete. Other features may call
     * `app.beats.refreshProducerName(userId)` after a producer's name changes.
     */
    beats: BeatsService;
    /** Plays, favourites, ratings and reviews of beats. */
    beatSocial: BeatSocialService;
  }
}

/** Builds the catalogue services once, with their dependencies, for the routes and the seed. */
export const beatsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createBeatsRepository(app.db.prisma);
    app.decorate(
      'beats',
      createBeatsService({
        repo,
        search: createBeatsSearchRepository(app.db.prisma),
        uploads: createUploadsRepository(app.db.prisma),
        storage: app.storage,
        events: app.domainEvents,
        log: app.log,
        listCacheMs: opts.config.beatListCacheMs,
      }),
    );
    app.decorate(
      'beatSocial',
      createBeatSocialService({
        repo: createBeatSocialRepository(app.db.prisma),
        beats: repo,
        recentPlays: createRecentPlays(),
        events: app.domainEvents,
      }),
    );
  },
  { name: 'beats', dependencies: ['db', 'storage', 'domain-events'] },
);
