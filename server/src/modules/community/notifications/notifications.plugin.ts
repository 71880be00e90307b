import fp from 'fastify-plugin';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

/**
 * Notifications, and what makes them: a follow, a new beat from someone followed, a rating.
 * The services that emit those domain events know nothing of notifications.
 */
export const notificationsPlugin = fp(
  async (app) => {
    const notifications = createNotificationsService({
      repo: createNotificationsRepository(app.db.prisma),
      realtime: app.realtime,
    });
    app.decorate('notifications', notifications);

    // What a new socket gets after `connected`: its unread count.
    app.realtime.onConnect(async (userId) => {
      const { count } = await notifications.unreadCount({ id: userId });
      return [{ type: 'notification', data: { type: 'unread_count_updated', count } }];
    });

    // Delivered at least once from the outbox, off the request's time (a producer with
    // thousands of followers does not hold the upload's answer): each notification carries its
    // event id, unique per recipient, so a redelivery notifies nobody twice.
    const events = app.domainEvents;
    events.on('user.followed', (event, meta) => notifications.onFollowed(event, meta));
    events.on('beat.rated', (event, meta) => notifications.onBeatRated(event, meta));
    events.on('beat.purchased', (event, meta) => notifications.onBeatPurchased(event, meta));
    events.on('order.refunded', (event, meta) => notifications.onOrderRefunded(event, meta));
    events.on('beat.created', (event, meta) => notifications.onBeatCreated(event, meta));
    events.on('challenge.closed', (event, meta) => notifications.onChallengeClosed(event, meta));
    events.on('collaboration.responded', (event, meta) =>
      notifications.onCollaborationResponded(event, meta),
    );
    events.on('collaboration.started', (event, meta) => notifications.onCollaborationStarted(event, meta));

    await app.register(notificationsRoutes);
  },
  { name: 'notifications', dependencies: ['db', 'domain-events', 'realtime', 'auth'] },
);
