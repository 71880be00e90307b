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
    // Delivered at least once from the outbox: each item carries its event id (unique), so a
    // redelivery stores and broadcasts nothing twice; removing a beat's items is repeatable.
    events.on('user.followed', (event, meta) => activity.onFollowed(event, meta));
    events.on('beat.created', (event, meta) => activity.onBeatCreated(event, meta));
    events.on('beat.rated', (event, meta) => activity.onBeatRated(event, meta));
    events.on('beat.deleted', (event) => activity.onBeatDeleted(event));
    events.on('beat.purchased', (event, meta) => activity.onBeatPurchased(event, meta));
    events.on('collaboration.started', (event, meta) => activity.onCollaborationStarted(event, meta));
    events.on('challenge.entered', (event, meta) => activity.onChallengeEntered(event, meta));

    await app.register(activityRoutes);
  },
  { name: 'activity', dependencies: ['db', 'domain-events', 'realtime', 'auth'] },
);
