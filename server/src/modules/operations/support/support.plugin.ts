import type { ServerMessage, SupportEvent } from '@beatroom/shared/realtime-contract';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../../../config';
import { defineJob } from '../../platform/jobs/job-runner';
import { UNUSED_UPLOAD_MAX_AGE_MS } from '../../catalogue/uploads/uploads.plugin';
import { supportAdminRoutes } from './support-admin.routes';
import { createSupportAttachmentsRepository } from './support-attachments.repository';
import { createSupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { createSupportService, type SupportService } from './support.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets: the member's support center and the admins' support desk. */
    support: SupportService;
  }
}

/**
 * Deletes support uploads no ticket or message took within the uploads' 24 hours (the same
 * window as any other unused upload); hourly, once across instances.
 */
export const sweepUnattachedJob = defineJob('support.sweep-unattached', z.object({}), {
  policy: 'stately',
  retryLimit: 2,
});

const supportMessage = (type: SupportEvent['type'], ticketNumber: string): ServerMessage => ({
  type: 'support',
  data: { type, ticket_number: ticketNumber },
});

/**
 * Support tickets: service, member and admin routes, and what follows a ticket
 * event. Admins see new tickets and member replies live; the member sees support's public
 * replies and ticket changes live. Pushes are idempotent (the screens refetch), so a
 * redelivered event only refetches again.
 */
export const supportPlugin = fp(
  async (app, opts: { config: Config }) => {
    const support = createSupportService({
      repo: createSupportRepository(app.db.prisma),
      attachments: createSupportAttachmentsRepository(app.db.prisma),
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

    await app.jobs.work(sweepUnattachedJob, async () => {
      const swept = await support.sweepUnattached(UNUSED_UPLOAD_MAX_AGE_MS);
      if (swept) app.log.info({ swept }, 'unattached support uploads deleted');
    });
    await app.jobs.schedule(sweepUnattachedJob, '37 * * * *', {});
  },
  {
    name: 'support',
    dependencies: ['db', 'auth', 'storage', 'jobs', 'audit', 'domain-events', 'realtime', 'notifications'],
  },
);
