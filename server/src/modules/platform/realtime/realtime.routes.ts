import { REALTIME_PATH } from '@beatroom/shared/realtime-contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../../../config';
import { allowedOrigins } from '../../../http/origins';

/**
 * GET /api/ws. The upgrade is refused before the handshake when the Origin is a browser page
 * not on the allow-list (403; no Origin means a non-browser client such as the desktop app) or
 * when there is no valid session (401). The socket belongs to the session's user; a client
 * that claims another user in its auth message is closed with 1008. When the session ends
 * (sign-out, expiry) the socket is closed with 1000 (realtime.plugin.ts). This route only
 * guards the upgrade and hands the socket over; the conversation is realtime-protocol.ts.
 */
export const realtimeRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const origins = allowedOrigins(config);

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      return reply.status(403).send({ error: 'Origin not allowed' });
    }
    if (!request.user) return reply.status(401).send({ error: 'Sign in required' });
  };

  // Upgrade attempts per address (a socket is one long request, so the global limit leaves
  // /api/ws to this one): a client reconnecting in a tight loop is told 429 before the handshake.
  const upgradeLimit = { max: config.wsUpgradeRateLimitMax, timeWindow: '1 minute' };

  app.get(
    REALTIME_PATH,
    { websocket: true, preValidation: guard, config: { rateLimit: upgradeLimit } },
    (socket, request) => {
      // Workaround: @fastify/websocket 11.3.6 adds an 'error' listener whose closure holds the
      // upgrade's request and reply (and their raw HTTP objects and headers) for as long as the
      // socket lives: about 4 KB per socket. Ours only needs the user id, so it replaces that
      // listener with one that drops the socket, as the library's default handler does.
      socket.removeAllListeners('error');
      socket.on('error', () => socket.terminate());
      // The hijacked upgrade's ServerResponse also stays attached to the TCP socket; let it go.
      const raw = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
      raw._httpMessage?.detachSocket(raw);
      // The guard let only requests with a session through; the hub keeps its hash, not the token.
      app.realtime.connect(socket, {
        userId: request.session!.user.id,
        sessionHash: request.session!.tokenHash,
      });
    },
  );
};
