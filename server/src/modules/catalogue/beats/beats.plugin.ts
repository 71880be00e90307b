import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createBeatSocialRepository } from './beat-social.repository';
import { beatSocialRoutes } from './beat-social.routes';
import { createBeatSocialService, type BeatSocialService } from './beat-social.service';
import { createBeatsSearchRepository } from './beats-search.repository';
import { createBeatsRepository } from './beats.repository';
import { beatsRoutes } from './beats.routes';
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

/** Builds the catalogue services once (for the routes and the seed) and registers the routes. */
export const beatsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createBeatsRepository(app.db.prisma);
    app.decorate(
      'beats',
      createBeatsService({
        repo,
        search: createBeatsSearchRepository(app.db),
        uploads: app.uploads,
        madeFiles: app.previews,
        storage: app.storage,
        events: app.domainEvents,
        log: app.log,
        listCacheMs: opts.config.beatListCacheMs,
        // Subscriptions register after the catalogue: looked up when a beat is created.
        uploadLimit: async (userId) => (await app.subscriptions.activeTier(userId)).max_beats,
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
    // An exclusive sale delists the beat: browse pages held in memory must not show it.
    app.domainEvents.on('beat.purchased', (event) => {
      if (event.licenseType === 'exclusive') app.beats.forgetListPages();
    });
    await app.register(beatsRoutes);
    await app.register(beatSocialRoutes);
  },
  { name: 'beats', dependencies: ['db', 'storage', 'domain-events', 'uploads', 'previews', 'auth'] },
);
