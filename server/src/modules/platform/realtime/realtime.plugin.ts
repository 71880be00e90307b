import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createLocalEventBus, type EventBus } from './event-bus';
import { realtimeRoutes } from './realtime.routes';
import { createRealtimeService, type RealtimeService } from './realtime.service';
import { createRedisEventBus } from './redis-event-bus';
import { createSocketHub } from './socket-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Realtime delivery to users' sockets on every instance (see realtime.service.ts). */
    realtime: RealtimeService;
  }
}

/** Client messages are tiny; anything bigger is not ours and is refused by ws. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * WebSocket support, the realtime event bus (Redis pub/sub when REDIS_URL is set, several
 * instances; in-process otherwise) and the /api/ws upgrade (realtime.routes.ts). Registered
 * before the features that send through it; those add a new socket's initial state with
 * `app.realtime.onConnect`. When a session ends (domain event from auth) its sockets are
 * closed with 1000 everywhere.
 */
export const realtimePlugin = fp(
  async (app, opts: { config: Config; pingIntervalMs?: number }) => {
    await app.register(websocket, {
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false },
    });

    let bus: EventBus;
    if (opts.config.redis) {
      bus = await createRedisEventBus({ ...opts.config.redis, log: app.log });
      app.log.info({ prefix: opts.config.redis.prefix }, 'realtime events go through Redis');
    } else {
      bus = createLocalEventBus(app.log);
    }
    const service = createRealtimeService({
      bus,
      hub: createSocketHub(app.log, Date.now, {
        perSession: opts.config.wsMaxSocketsPerSession,
        perUser: opts.config.wsMaxSocketsPerUser,
      }),
      log: app.log,
      ...(opts.pingIntervalMs ? { pingIntervalMs: opts.pingIntervalMs } : {}),
    });
    app.decorate('realtime', service);
    // A signed-out or expired session keeps no socket open, on any instance.
    app.domainEvents.on('session.ended', (event) => service.endSessions([event.tokenHash]));
    // preClose: sockets are told to reconnect before the HTTP server stops waiting for them.
    app.addHook('preClose', async () => service.close());
    await app.register(realtimeRoutes, { config: opts.config });
  },
  { name: 'realtime', dependencies: ['auth', 'domain-events'] },
);
