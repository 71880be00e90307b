import fp from 'fastify-plugin';
import { createActivityRepository } from './activity.repository';
import { activityRoutes } from './activity.routes';
import { createActivityService, type ActivityService } from './activity.service';

declare module 'fastify' {
  interface FastifyInstance {
    activity: ActivityService;
  }
}

/** The community feed, made from domain events: follows, new beats, ratings, deleted beats. */
export const activityPlugin = fp(
  async (app) => {
    const activity = createActivityService({
      repo: createActivityRepository(app.db.prisma),
      realtime: app.realtime,
    });
    app.decorate('activity', activity);

    // What a new socket gets after `connected`: the activity feed.
    app.realtime.onConnect(async () => [
      { type: 'activity', data: { type: 'initial_feed', activities: await activity.initialFeed() } },
    ]);

    const events = app.domainEvents;
    events.on('user.followed', (event) => activity.onFollowed(event));
    events.on('beat.created', (event) => activity.onBeatCreated(event));
    events.on('beat.rated', (event) => activity.onBeatRated(event));
    events.on('beat.deleted', (event) => activity.onBeatDeleted(event));
    events.on('beat.purchased', (event) => activity.onBeatPurchased(event));

    await app.register(activityRoutes);
  },
  { name: 'activity', dependencies: ['db', 'domain-events', 'realtime', 'auth'] },
);
