import { CLOSE_CODES, type RealtimeChannel } from '@beatroom/shared/realtime-contract';
import type { Frame, PresenceSnapshot } from './event-bus';
import { prepareFrame, sendPrepared, type PreparedFrame } from './prepared-frame';

/** Sockets handled per event-loop turn during a fan-out, so HTTP requests run in between. */
export const FANOUT_SLICE = 500;
/** A socket with this much unsent data is not keeping up; it is dropped (and will reconnect). */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * How long an ended session is remembered, so a socket whose upgrade was authenticated just
 * before the sign-out (and is added after the close went out) is closed too.
 */
export const ENDED_SESSION_MEMORY_MS = 60_000;

/** Defaults of WS_MAX_SOCKETS_PER_SESSION and WS_MAX_SOCKETS_PER_USER. */
export const DEFAULT_SOCKET_LIMITS = { perSession: 5, perUser: 10 };

/**
 * The reason of the close that makes room for a newer socket. 1000, a normal close: the client
 * does not reconnect, so two tabs past the limit never take turns closing each
 * other; the newest tabs stay live.
 */
export const TOO_MANY_SOCKETS_REASON = 'Too many connections: this one was the oldest';

/**
 * The part of a `ws` WebSocket that the hub and the protocol use. Written out so both can be
 * driven by a fake in tests; a real `ws` socket satisfies it as it is.
 */
export interface RealtimeSocket {
  readonly OPEN: number;
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: boolean; compress: boolean; fin: boolean }): void;
  close(code: number, reason: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

export interface Client {
  socket: RealtimeSocket;
  userId: string;
  /** The session's keyed token hash (auth.service hashToken); the raw token is never kept. */
  sessionHash: string;
  /** Cleared before each ping, set again by the pong (or any message). */
  alive: boolean;
  /** Channels this socket asked not to receive (all are received by default). */
  unsubscribed: Set<RealtimeChannel>;
}

/**
 * The sockets of this instance, by user and by session. Sends go out in slices of FANOUT_SLICE
 * per setImmediate so one event to thousands of sockets never holds the event loop for long;
 * each frame is put on the wire once (prepared-frame.ts) and the same bytes go to every socket.
 */
export function createSocketHub(
  log: { warn: (obj: object, msg: string) => void },
  now: () => number = Date.now,
  limits: { perSession: number; perUser: number } = DEFAULT_SOCKET_LIMITS,
) {
  const clients = new Set<Client>();
  const byUser = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  /** Sessions ended lately (hash -> when), see ENDED_SESSION_MEMORY_MS. */
  const endedSessions = new Map<string, number>();

  const signedOut = (client: Client) => client.socket.close(CLOSE_CODES.NORMAL, 'Signed out');

  function index(map: Map<string, Set<Client>>, key: string, client: Client) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(client);
  }

  function unindex(map: Map<string, Set<Client>>, key: string, client: Client) {
    const set = map.get(key);
    set?.delete(client);
    if (set?.size === 0) map.delete(key);
  }

  function remove(client: Client) {
    clients.delete(client);
    unindex(byUser, client.userId, client);
    unindex(bySession, client.sessionHash, client);
  }

  function deliver(client: Client, frame: Frame, prepared: PreparedFrame) {
    if (frame.channel && client.unsubscribed.has(frame.channel)) return;
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      log.warn({ userId: client.userId }, 'realtime socket not keeping up: dropped');
      client.socket.terminate();
      return;
    }
    sendPrepared(client.socket, prepared);
  }

  /** Runs `each` over a snapshot of `list`, FANOUT_SLICE items per event-loop turn. */
  function inSlices<T>(list: T[], each: (item: T) => void): Promise<void> {
    return new Promise((resolve) => {
      let index = 0;
      const step = () => {
        const end = Math.min(index + FANOUT_SLICE, list.length);
        for (; index < end; index++) {
          try {
            each(list[index]!);
          } catch (error) {
            log.warn({ err: error }, 'realtime send failed');
          }
        }
        if (index < list.length) setImmediate(step);
        else resolve();
      };
      step();
    });
  }

  return {
    /** Adds a socket; false (and the socket closed with 1000) when its session already ended. */
    add(client: Client): boolean {
      if (endedSessions.has(client.sessionHash)) {
        signedOut(client);
        return false;
      }
      clients.add(client);
      index(byUser, client.userId, client);
      index(bySession, client.sessionHash, client);
      // Sets keep insertion order: the first is the oldest. Unindexed at once, so the counts
      // (and presence) are right before its close event comes back.
      for (const [set, max] of [
        [bySession.get(client.sessionHash)!, limits.perSession],
        [byUser.get(client.userId)!, limits.perUser],
      ] as const) {
        while (set.size > max) {
          const oldest = set.values().next().value!;
          remove(oldest);
          oldest.socket.close(CLOSE_CODES.NORMAL, TOO_MANY_SOCKETS_REASON);
        }
      }
      return true;
    },

    remove,

    /**
     * These sessions are over (signed out or expired): their sockets are closed with 1000, a
     * normal close the client does not retry. The user's other sessions keep their sockets.
     */
    endSessions(sessionHashes: string[]) {
      const at = now();
      for (const hash of sessionHashes) {
        endedSessions.set(hash, at);
        for (const client of bySession.get(hash) ?? []) signedOut(client);
      }
    },

    hasUser(userId: string) {
      return byUser.has(userId);
    },

    /** Sends to one socket now (connect-time messages, heartbeat answers). */
    sendTo(client: Client, frame: Frame) {
      deliver(client, frame, prepareFrame(frame.data));
    },

    /** Sends each user's frames to all of that user's sockets on this instance. */
    async toUsers(deliveries: { userId: string; frames: Frame[] }[]) {
      const targets: [Client, Frame, PreparedFrame][] = [];
      // The same message to many users (an announcement, a new beat to the followers) is one
      // text: it is put on the wire once for all of them.
      const prepared = new Map<string, PreparedFrame>();
      for (const { userId, frames } of deliveries) {
        const set = byUser.get(userId);
        if (!set) continue;
        for (const frame of frames) {
          let wire = prepared.get(frame.data);
          if (!wire) prepared.set(frame.data, (wire = prepareFrame(frame.data)));
          for (const client of set) targets.push([client, frame, wire]);
        }
      }
      await inSlices(targets, ([client, frame, wire]) => deliver(client, frame, wire));
    },

    async broadcast(frame: Frame) {
      const wire = prepareFrame(frame.data);
      await inSlices([...clients], (client) => deliver(client, frame, wire));
    },

    /**
     * One ping round: a socket that did not answer the previous ping is terminated, the rest
     * are pinged. Run every TIMINGS.HEARTBEAT_MS, so a dead peer goes within two rounds.
     */
    async sweep() {
      const forgetBefore = now() - ENDED_SESSION_MEMORY_MS;
      for (const [hash, at] of endedSessions) if (at < forgetBefore) endedSessions.delete(hash);
      await inSlices([...clients], (client) => {
        if (!client.alive) {
          client.socket.terminate();
          return;
        }
        client.alive = false;
        client.socket.ping();
      });
    },

    presence(): PresenceSnapshot {
      return {
        users: byUser.keys(),
        userCount: byUser.size,
        sessions: bySession.keys(),
        sessionCount: bySession.size,
        sockets: clients.size,
      };
    },

    /** Closes every socket with 1012 (service restart), which clients answer by reconnecting. */
    closeAll() {
      for (const client of clients) client.socket.close(CLOSE_CODES.SERVICE_RESTART, 'Server restarting');
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
