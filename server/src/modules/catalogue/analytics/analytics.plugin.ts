import fp from 'fastify-plugin';
import { createAnalyticsRepository } from './analytics.repository';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService, type AnalyticsService } from './analytics.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A producer's numbers; other modules read totals through it (profiles). */
    analytics: AnalyticsService;
  }
}

/**
 * Producer analytics, and keeping them live: each domain event that changes a producer's
 * numbers pushes fresh ones to that producer's open sockets.
 */
export const analyticsPlugin = fp(
  async (app) => {
    const analytics = createAnalyticsService({
      repo: createAnalyticsRepository(app.db.prisma),
      realtime: app.realtime,
      // Looked up when asked: earnings and downloads are registered later, with selling.
      sales: {
        revenue: (producerId) => app.earnings.revenue(producerId),
        downloadsSince: (producerId, since) => app.downloads.recentDownloadsOf(producerId, since),
      },
      analyticsAccess: async (userId) => (await app.subscriptions.activeTier(userId)).analytics_access,
    });
    app.realtime.setAnalyticsSource(analytics.compute);
    app.decorate('analytics', analytics);

    const events = app.domainEvents;
    events.on('user.followed', (event) => analytics.changed([event.followedId]));
    events.on('beat.created', (event) => analytics.changed([event.userId]));
    events.on('beat.rated', (event) => analytics.changed([event.ownerId]));
    events.on('beat.played', (event) => analytics.onBeatPlayed(event));
    events.on('beat.deleted', (event) => analytics.changed([event.userId]));
    events.on('beat.purchased', (event) => analytics.changed([event.producerId]));
    events.on('beat.downloaded', (event) => analytics.changed([event.producerId]));

    await app.register(analyticsRoutes);
  },
  { name: 'analytics', dependencies: ['db', 'domain-events', 'realtime', 'auth'] },
);
