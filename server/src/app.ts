import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { domainEventsPlugin } from './plugins/domain-events';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { beatSocialRoutes } from './modules/beats/beat-social.routes';
import { beatsPlugin } from './modules/beats/beats.plugin';
import { beatsRoutes } from './modules/beats/beats.routes';
import { filesRoutes } from './modules/files/files.routes';
import { seedPlugin } from './modules/seed/seed.plugin';
import { uploadsPlugin } from './modules/uploads/uploads.plugin';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { storagePlugin } from './plugins/storage';
import { activityRoutes } from './modules/activity/activity.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { followsRoutes } from './modules/follows/follows.routes';
import { liveRoutes } from './modules/live/live.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { communityPlugin } from './plugins/community';
import { realtimePlugin } from './plugins/realtime';

/**
 * Builds the whole server: plugins in dependency order, then feature routes. Listening is
 * main.ts's job, so tests build the same app and drive it with inject() or a real port.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Embedded PostgreSQL start-up plus migrations can take a while on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(dbPlugin, { config });
  // Before auth: a session that ends is a domain event (realtime closes its sockets).
  await app.register(domainEventsPlugin);
  await app.register(authPlugin, { config });

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(usersRoutes, { config });

  // Catalogue: file storage, uploads, beats and what listeners do with them.
  await app.register(storagePlugin, { config });
  await app.register(uploadsPlugin);
  await app.register(beatsPlugin, { config });
  await app.register(filesRoutes, { config });
  await app.register(uploadsRoutes);
  await app.register(beatsRoutes);
  await app.register(beatSocialRoutes);
  await app.register(seedPlugin, { config });

  // Community and realtime: the event bus and sockets, then the services reacting to domain events.
  await app.register(realtimePlugin, { config });
  await app.register(communityPlugin, { config });
  await app.register(profilesRoutes);
  await app.register(followsRoutes);
  await app.register(analyticsRoutes);
  await app.register(notificationsRoutes);
  await app.register(activityRoutes);
  await app.register(liveRoutes);
  await app.register(realtimeRoutes, { config });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
  if (config.webDist) await app.register(webPlugin, { dist: config.webDist });

  return app;
}
