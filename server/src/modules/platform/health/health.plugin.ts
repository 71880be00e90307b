import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes';

/** Liveness and readiness, as a named module like the others (the API reference tags by module). */
export const healthPlugin = fp(
  async (app) => {
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['db'] },
);
