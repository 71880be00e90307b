import fp from 'fastify-plugin';
import { createDomainEvents, type DomainEvents } from '../events/domain-events';

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents;
  }
}

export const domainEventsPlugin = fp(
  async (app) => {
    app.decorate('domainEvents', createDomainEvents(app.log));
  },
  { name: 'domain-events' },
);
