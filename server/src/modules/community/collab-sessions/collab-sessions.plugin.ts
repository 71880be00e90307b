import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { collabPublisher } from './collab-events';
import { createCollabSessionsRepository } from './collab-sessions.repository';
import { collabSessionsRoutes } from './collab-sessions.routes';
import { createCollabTakesRepository } from './collab-takes.repository';
import { createCollabSessionsService, type CollabSessionsService } from './collab-sessions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Live collaborative sessions. The collaboration board opens one when a response
     * is accepted: `app.collabSessions.createForCollaboration(tx, { hostId, guestId, beatId, name })`
     * inside its own transaction.
     */
    collabSessions: CollabSessionsService;
  }
}

/**
 * Collaborative sessions: service, routes, and their realtime events, which go to the
 * session's members only (by user id, through the realtime bus, so every instance delivers).
 */
export const collabSessionsPlugin = fp(
  async (app, opts: { config: Config }) => {
    app.decorate(
      'collabSessions',
      createCollabSessionsService({
        repo: createCollabSessionsRepository(app.db.prisma),
        takes: createCollabTakesRepository(app.db.prisma),
        publish: collabPublisher(app.realtime),
        readPrivate: (key, request) => app.files.readPrivate(key, request),
      }),
    );
    await app.register(collabSessionsRoutes, { config: opts.config });
  },
  { name: 'collab-sessions', dependencies: ['db', 'auth', 'files', 'realtime', 'recordings'] },
);
