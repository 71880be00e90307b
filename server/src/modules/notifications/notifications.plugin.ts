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

    // Work left running after a response; closing waits for it, so it never outlives the database.
    const background = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...background]);
    });

    const events = app.domainEvents;
    events.on('user.followed', (event) => notifications.onFollowed(event));
    events.on('beat.rated', (event) => notifications.onBeatRated(event));
    events.on('beat.purchased', (event) => notifications.onBeatPurchased(event));
    events.on('beat.created', (event) => {
      // A producer may have thousands of followers: the upload answers without waiting for them.
      const task = notifications.onBeatCreated(event).catch((error: unknown) => {
        app.log.error({ err: error, beatId: event.beatId }, 'new_beat notifications failed');
      });
      background.add(task);
      void task.finally(() => background.delete(task));
    });

    await app.register(notificationsRoutes);
  },
  { name: 'notifications', dependencies: ['db', 'domain-events', 'realtime', 'auth'] },
);
