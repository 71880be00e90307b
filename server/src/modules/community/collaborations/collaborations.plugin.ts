import fp from 'fastify-plugin';
import { createCollaborationsRepository } from './collaborations.repository';
import { collaborationsRoutes } from './collaborations.routes';
import { createCollaborationsService, type CollaborationsService } from './collaborations.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The collaboration board. Account deletion calls
     * `app.collaborations.removeAll(tx, userId)` inside its transaction.
     */
    collaborations: CollaborationsService;
  }
}

/**
 * The collaboration board: requests, responses, accepting one (which opens a collaborative
 * session through the collab-sessions module) and closing. The collaboration_started activity
 * item follows from the collaboration.started event (the activity module's handler).
 */
export const collaborationsPlugin = fp(
  async (app) => {
    app.decorate(
      'collaborations',
      createCollaborationsService({
        repo: createCollaborationsRepository(app.db.prisma),
        events: app.domainEvents,
        sessions: app.collabSessions,
      }),
    );
    await app.register(collaborationsRoutes);
  },
  { name: 'collaborations', dependencies: ['db', 'auth', 'domain-events', 'collab-sessions'] },
);
