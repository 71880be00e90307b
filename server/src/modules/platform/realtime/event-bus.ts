import { channelOf, type RealtimeChannel, type ServerMessage } from '@beatroom/shared/realtime-contract';

/** A server message serialised once, with the channel sockets may have unsubscribed from. */
export interface Frame {
  channel: RealtimeChannel | null;
  data: string;
}

export function toFrame(message: ServerMessage): Frame {
  return { channel: channelOf(message), data: JSON.stringify(message) };
}

/**
 * What travels between server instances. Frames are serialised by the instance that publishes,
 * so no instance re-serialises per socket. `analytics` only names producers whose numbers
 * changed: the instance holding their socket computes the figures (throttled) and sends them.
 * `sessions-ended` names sessions by their keyed token hash (never the token): every instance
 * closes those sessions' sockets. `presence-changed`: sockets came or went somewhere (and that
 * instance has reported its presence); every instance pushes fresh live stats to its own sockets.
 */
export type BusMessage =
  | { kind: 'users'; deliveries: { userId: string; frames: Frame[] }[] }
  | { kind: 'broadcast'; frame: Frame }
  | { kind: 'analytics'; userIds: string[] }
  | { kind: 'sessions-ended'; tokenHashes: string[] }
  | { kind: 'presence-changed' };

export interface PresenceSnapshot {
  /** Distinct users with an open socket on this instance. */
  users: Iterable<string>;
  userCount: number;
  /** Distinct sessions (keyed token hashes) with an open socket here: a browser's tabs are one. */
  sessions: Iterable<string>;
  sessionCount: number;
  sockets: number;
}

/** Live stats count people and sessions, not sockets (one user's five tabs are one of each). */
export interface PresenceTotals {
  connectedUsers: number;
  activeSessions: number;
}

/**
 * Moves realtime events to every server instance, this one included. Implementations: the
 * in-process bus (one instance) and Redis pub/sub (REDIS_URL set).
 */
export interface EventBus {
  readonly kind: 'local' | 'redis';
  publish(message: BusMessage): void;
  /** The handler sees every message once, whichever instance published it. */
  subscribe(handler: (message: BusMessage) => void): void;
  /** Tells the other instances who is connected here (called every few seconds). */
  reportPresence(snapshot: PresenceSnapshot): Promise<void>;
  /** Connected users and sessions across all instances; `local` is this instance's snapshot. */
  presenceTotals(local: PresenceSnapshot): Promise<PresenceTotals>;
  close(): Promise<void>;
}

/**
 * The default bus: one process, so delivery is a function call. Handlers run on a later tick,
 * like they would after a Redis round trip, so a publisher never runs socket work inline.
 */
export function createLocalEventBus(log: { error: (obj: object, msg: string) => void }): EventBus {
  const handlers: ((message: BusMessage) => void)[] = [];
  return {
    kind: 'local',
    publish(message) {
      setImmediate(() => {
        for (const handler of handlers) {
          try {
            handler(message);
          } catch (error) {
            log.error({ err: error }, 'realtime bus handler failed');
          }
        }
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async reportPresence() {},
    async presenceTotals(local) {
      return { connectedUsers: local.userCount, activeSessions: local.sessionCount };
    },
    async close() {
      handlers.length = 0;
    },
  };
}
