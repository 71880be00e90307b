import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createProfilesRepository } from './profiles.repository';
import { profilesRoutes } from './profiles.routes';
import { createProfilesService, type ProfilesService } from './profiles.service';

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesService;
  }
}

export const profilesPlugin = fp(
  async (app, opts: { config: Config }) => {
    app.decorate(
      'profiles',
      createProfilesService({
        repo: createProfilesRepository(app.db.prisma),
        analytics: app.analytics,
        uploads: app.uploads,
        privacy: app.userSettings,
        adminEmail: opts.config.adminEmail,
        // Subscriptions register after profiles: looked up when a profile is read.
        badgeOf: async (userId) => (await app.subscriptions.activeTier(userId)).custom_profile_badge,
      }),
    );
    await app.register(profilesRoutes);
  },
  { name: 'profiles', dependencies: ['db', 'analytics', 'uploads', 'auth', 'user-settings'] },
);
