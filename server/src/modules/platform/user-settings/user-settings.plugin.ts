import fp from 'fastify-plugin';
import { createUserSettingsRepository } from './user-settings.repository';
import { userSettingsRoutes } from './user-settings.routes';
import { createUserSettingsService, type UserSettingsService } from './user-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each user's settings, and the privacy rules other modules check before showing lists. */
    userSettings: UserSettingsService;
  }
}

export const userSettingsPlugin = fp(
  async (app) => {
    app.decorate(
      'userSettings',
      createUserSettingsService({ repo: createUserSettingsRepository(app.db.prisma) }),
    );
    await app.register(userSettingsRoutes);
  },
  { name: 'user-settings', dependencies: ['db', 'auth'] },
);
