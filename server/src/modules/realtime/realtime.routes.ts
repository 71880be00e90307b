import {
  ClientMessage,
  REALTIME_CHANNELS,
  CLOSE_CODES,
  REALTIME_PATH,
} from '@beatroom/shared/realtime-contract';
import type { RealtimeChannel, ServerMessage } from '@beatroom/shared/realtime-contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { Config } from '../../config';
import { allowedOrigins } from '../../plugins/security';
import { toFrame } from './event-bus';
import type { Client } from './socket-hub';

function parseClientMessage(raw: RawData): ClientMessage | null {
  try {
    const parsed = ClientMessage.safeParse(JSON.parse(raw.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const isChannel = (value: string): value is RealtimeChannel =>
  (REALTIME_CHANNELS as readonly string[]).includes(value);

/**
 * GET /api/ws. The upgrade is refused before the handshake when the Origin is a browser page
 * not on the allow-list (403; no Origin means a non-browser client such as the desktop app) or
 * when there is no valid session (401). The socket belongs to the session's user; a client
 * that claims another user in its auth message is closed with 1008. When the session ends
 * (sign-out, expiry) the socket is closed with 1000 (plugins/realtime.ts).
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

  app.get(REALTIME_PATH, { websocket: true, preValidation: guard }, (socket, request) => {
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
    attach(socket, request.user!.id, app.auth.hashToken(request.sessionToken!));
  });

  function attach(socket: WebSocket, userId: string, sessionHash: string) {
    const { hub } = app.realtime;
    const client: Client = { socket, userId, sessionHash, alive: true, unsubscribed: new Set() };
    const send = (message: ServerMessage) => hub.sendTo(client, toFrame(message));

    // Signed out while the upgrade was under way: the hub has closed it already.
    if (!hub.add(client)) return;
    app.realtime.presenceChanged();
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      hub.remove(client);
      app.realtime.presenceChanged();
    });
    socket.on('message', (raw) => {
      client.alive = true;
      const message = parseClientMessage(raw);
      if (!message) return; // unknown or malformed: ignored, like the client does
      switch (message.type) {
        case 'auth':
          if (message.data.userId !== userId) {
            socket.close(CLOSE_CODES.POLICY_VIOLATION, 'Not the signed-in user');
          }
          break;
        case 'heartbeat':
          send({ type: 'heartbeat', timestamp: message.timestamp });
          break;
        case 'notification': {
          const { type, channel } = message.data;
          if (!isChannel(channel)) break;
          if (type === 'unsubscribe') client.unsubscribed.add(channel);
          else client.unsubscribed.delete(channel);
          break;
        }
      }
    });

    send({ type: 'notification', data: { type: 'connected', userId } });
    Promise.all([app.activity.initialFeed(), app.notifications.unreadCount({ id: userId })])
      .then(([activities, { count }]) => {
        send({ type: 'activity', data: { type: 'initial_feed', activities } });
        send({ type: 'notification', data: { type: 'unread_count_updated', count } });
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'realtime initial state failed'));
  }
};
