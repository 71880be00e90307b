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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(dbPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(domainEventsPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(usersRoutes, { config });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
  if (config.webDist) await app.register(webPlugin, { dist: config.webDist });

  return app;
}
