import type { ServerMessage, SupportEvent } from '@beatroom/shared/realtime-contract';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { supportAdminRoutes } from './support-admin.routes';
import { createSupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { createSupportService, type SupportService } from './support.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets: the member's support center and the admins' support desk. */
    support: SupportService;
  }
}

const supportMessage = (type: SupportEvent['type'], ticketNumber: string): ServerMessage => ({
  type: 'support',
  data: { type, ticket_number: ticketNumber },
});

/**
 * Support tickets (issue 14): service, member and admin routes, and what follows a ticket
 * event. Admins see new tickets and member replies live; the member sees support's public
 * replies and ticket changes live. Pushes are idempotent (the screens refetch), so a
 * redelivered event only refetches again.
 */
export const supportPlugin = fp(
  async (app, opts: { config: Config }) => {
    const support = createSupportService({
      repo: createSupportRepository(app.db.prisma),
      storage: app.storage,
      audit: app.audit,
      events: app.domainEvents,
      adminEmail: opts.config.adminEmail,
      log: app.log,
    });
    app.decorate('support', support);

    /** Every admin but the one who acted (they already see their own change). */
    const toAdmins = async (message: ServerMessage, except: string | null) => {
      const ids = (await support.adminIds()).filter((id) => id !== except);
      app.realtime.sendToUsers(ids.map((userId) => ({ userId, messages: [message] })));
    };
    const toOwner = (userId: string, message: ServerMessage) =>
      app.realtime.sendToUsers([{ userId, messages: [message] }]);

    const events = app.domainEvents;
    events.on('support.ticket_created', (event) =>
      toAdmins(supportMessage('ticket_created', event.ticketNumber), event.userId),
    );
    events.on('support.message_added', async (event, meta) => {
      const message = supportMessage('ticket_message', event.ticketNumber);
      await toAdmins(message, event.senderId);
      if (event.fromSupport && !event.isInternal) {
        toOwner(event.ticketOwnerId, message);
        await app.notifications.onSupportReplied(event, meta);
      }
    });
    events.on('support.ticket_updated', async (event) => {
      const message = supportMessage('ticket_updated', event.ticketNumber);
      await toAdmins(message, null);
      toOwner(event.ticketOwnerId, message);
    });

    await app.register(supportRoutes, { config: opts.config });
    await app.register(supportAdminRoutes);
  },
  {
    name: 'support',
    dependencies: ['db', 'auth', 'storage', 'audit', 'domain-events', 'realtime', 'notifications'],
  },
);
