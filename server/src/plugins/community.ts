import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createActivityRepository } from '../modules/activity/activity.repository';
import { createActivityService, type ActivityService } from '../modules/activity/activity.service';
import { createAnalyticsRepository } from '../modules/analytics/analytics.repository';
import { createAnalyticsService, type AnalyticsService } from '../modules/analytics/analytics.service';
import { createFollowsRepository } from '../modules/follows/follows.repository';
import { createFollowsService, type FollowsService } from '../modules/follows/follows.service';
import { createLiveRepository } from '../modules/live/live.repository';
import { createLiveService, type LiveService } from '../modules/live/live.service';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import {
  createNotificationsService,
  type NotificationsService,
} from '../modules/notifications/notifications.service';
import { createProfilesRepository } from '../modules/profiles/profiles.repository';
import { createProfilesService, type ProfilesService } from '../modules/profiles/profiles.service';

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesService;
    follows: FollowsService;
    notifications: NotificationsService;
    activity: ActivityService;
    analytics: AnalyticsService;
    live: LiveService;
  }
}

/**
 * The community features' services, and how they react to domain events: a follow, an upload,
 * a rating or a play becomes notifications, activity items and fresh producer analytics. The
 * emitting services know none of this.
 */
export const communityPlugin = fp(
  async (app, opts: { config: Config }) => {
    const prisma = app.db.prisma;
    const { realtime, domainEvents: events } = app;

    const notifications = createNotificationsService({
      repo: createNotificationsRepository(prisma),
      realtime,
    });
    const activity = createActivityService({ repo: createActivityRepository(prisma), realtime });
    const analytics = createAnalyticsService({ repo: createAnalyticsRepository(prisma), realtime });
    realtime.setAnalyticsSource(analytics.compute);

    app.decorate(
      'profiles',
      createProfilesService({ repo: createProfilesRepository(prisma), adminEmail: opts.config.adminEmail }),
    );
    app.decorate('follows', createFollowsService({ repo: createFollowsRepository(prisma), events }));
    app.decorate('notifications', notifications);
    app.decorate('activity', activity);
    app.decorate('analytics', analytics);
    app.decorate(
      'live',
      createLiveService({ repo: createLiveRepository(prisma), presence: () => realtime.presence() }),
    );

    // Work left running after a response; closing waits for it, so it never outlives the database.
    const background = new Set<Promise<void>>();
    const inBackground = (task: Promise<void>) => {
      background.add(task);
      void task.finally(() => background.delete(task));
    };
    app.addHook('onClose', async () => {
      await Promise.allSettled([...background]);
    });

    events.on('user.followed', async (event) => {
      analytics.changed([event.followedId]);
      await notifications.onFollowed(event);
      await activity.onFollowed(event);
    });
    events.on('beat.created', async (event) => {
      analytics.changed([event.userId]);
      await activity.onBeatCreated(event);
      // A producer may have thousands of followers: the upload answers without waiting for them.
      inBackground(
        notifications.onBeatCreated(event).catch((error: unknown) => {
          app.log.error({ err: error, beatId: event.beatId }, 'new_beat notifications failed');
        }),
      );
    });
    events.on('beat.rated', async (event) => {
      analytics.changed([event.ownerId]);
      await notifications.onBeatRated(event);
      await activity.onBeatRated(event);
    });
    events.on('beat.played', (event) => analytics.onBeatPlayed(event));
    events.on('beat.deleted', async (event) => {
      analytics.changed([event.userId]);
      await activity.onBeatDeleted(event);
    });
  },
  { name: 'community', dependencies: ['db', 'domain-events', 'realtime'] },
);
