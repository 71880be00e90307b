import fp from 'fastify-plugin';
import { createDomainEvents, type DomainEvents } from '../events/domain-events';
import { createOutboxDispatcher, type OutboxDispatcher } from '../events/outbox-dispatcher';
import { createOutboxRepository } from '../events/outbox.repository';

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents;
    /** Delivers the outbox; the job runner's scheduled `outbox.deliver` also drives it. */
    outbox: OutboxDispatcher;
  }
}

/**
 * Domain events and their outbox. Delivery starts once the app is ready (every module has
 * registered its handlers) and stops before the database closes.
 */
export const domainEventsPlugin = fp(
  async (app) => {
    const made: OutboxDispatcher[] = [];
    const events = createDomainEvents(app.log, (registry) => {
      const dispatcher = createOutboxDispatcher({
        repo: createOutboxRepository(app.db.prisma),
        registry,
        log: app.log,
      });
      made.push(dispatcher);
      return dispatcher.port;
    });
    const outbox = made[0]!;
    app.decorate('domainEvents', events);
    app.decorate('outbox', outbox);
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.close());
  },
  { name: 'domain-events', dependencies: ['db'] },
);
