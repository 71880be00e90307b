import {
  ClientMessage,
  CLOSE_CODES,
  REALTIME_CHANNELS,
  type RealtimeChannel,
  type ServerMessage,
} from '@beatroom/shared/realtime-contract';
import { toFrame } from './event-bus';
import type { Client, RealtimeSocket, SocketHub } from './socket-hub';

/** Who a socket belongs to, as the upgrade established it from the session (never the client). */
export interface SocketIdentity {
  userId: string;
  /** The session's keyed token hash, so a sign-out can close this socket. */
  sessionHash: string;
}

/** What a fresh socket receives after `connected` (each feature adds its own part). */
export type InitialState = (userId: string) => Promise<ServerMessage[]>;

function parseClientMessage(raw: Buffer | ArrayBuffer | Buffer[]): ClientMessage | null {
  try {
    const bytes = Array.isArray(raw)
      ? Buffer.concat(raw)
      : raw instanceof ArrayBuffer
        ? Buffer.from(raw)
        : raw;
    const text = bytes.toString();
    const parsed = ClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const isChannel = (value: string): value is RealtimeChannel =>
  (REALTIME_CHANNELS as readonly string[]).includes(value);

/**
 * One socket's conversation, from the moment the upgrade hands it
 * over: it joins the hub (unless its session ended meanwhile), gets `connected` and then the
 * initial state; client messages are parsed against the shared contract, and anything unknown
 * or malformed is ignored, as the client does. An `auth` message naming another user than the
 * session's closes the socket with 1008. Any message or pong marks it alive for the hub's
 * ping sweep. Joining and leaving are presence changes.
 */
export function createRealtimeProtocol(deps: {
  hub: SocketHub;
  log: { error: (obj: object, msg: string) => void };
  presenceChanged: () => void;
  initialState: InitialState;
}) {
  const { hub } = deps;

  function onMessage(client: Client, message: ClientMessage) {
    switch (message.type) {
      case 'auth':
        if (message.data.userId !== client.userId) {
          client.socket.close(CLOSE_CODES.POLICY_VIOLATION, 'Not the signed-in user');
        }
        break;
      case 'heartbeat':
        hub.sendTo(client, toFrame({ type: 'heartbeat', timestamp: message.timestamp }));
        break;
      case 'notification': {
        const { type, channel } = message.data;
        if (!isChannel(channel)) break;
        if (type === 'unsubscribe') client.unsubscribed.add(channel);
        else client.unsubscribed.delete(channel);
        break;
      }
    }
  }

  return {
    /** Takes over an upgraded socket; null when its session has already ended (it is closed). */
    connect(socket: RealtimeSocket, { userId, sessionHash }: SocketIdentity): Client | null {
      const client: Client = { socket, userId, sessionHash, alive: true, unsubscribed: new Set() };
      const send = (message: ServerMessage) => hub.sendTo(client, toFrame(message));

      // Signed out while the upgrade was under way: the hub has closed it already.
      if (!hub.add(client)) return null;
      deps.presenceChanged();
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        hub.remove(client);
        deps.presenceChanged();
      });
      socket.on('message', (raw) => {
        client.alive = true;
        const message = parseClientMessage(raw);
        if (message) onMessage(client, message);
      });

      send({ type: 'notification', data: { type: 'connected', userId } });
      deps
        .initialState(userId)
        .then((messages) => messages.forEach(send))
        .catch((error: unknown) => deps.log.error({ err: error, userId }, 'realtime initial state failed'));
      return client;
    },
  };
}

export type RealtimeProtocol = ReturnType<typeof createRealtimeProtocol>;
