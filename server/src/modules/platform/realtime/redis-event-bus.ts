import { randomUUID } from 'node:crypto';
import type { BusMessage, EventBus, PresenceSnapshot } from './event-bus';

/** A presence report older than this is from an instance that stopped; it no longer counts. */
export const PRESENCE_TTL_MS = 30_000;
const ZADD_CHUNK = 1000;

interface Envelope {
  from: string;
  message: BusMessage;
}

/**
 * Redis pub/sub bus: one publisher and one subscriber connection per instance, one channel
 * under the configured prefix. A message is handled locally at once and skipped when Redis
 * echoes it back, so this instance keeps delivering to its own sockets if Redis hiccups.
 *
 * Presence: each instance writes its users and its sessions into two sorted sets scored by
 * report time; totals count the members of each reported within PRESENCE_TTL_MS, so a user or a
 * session with sockets on two instances counts once. Members this instance reported before and
 * no longer has are removed at once (another instance that still has one adds it back at its
 * next report); those of an instance that stopped age out.
 */
export async function createRedisEventBus(opts: {
  url: string;
  prefix: string;
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}): Promise<EventBus> {
  // ioredis (~25 MB) loads only when REDIS_URL is set; one instance keeps events in-process.
  const { Redis } = await import('ioredis');
  const instanceId = randomUUID();
  const channel = `${opts.prefix}realtime`;
  const sessionsKey = `${opts.prefix}presence:sessions`;
  const usersKey = `${opts.prefix}presence:users`;
  const connect = () =>
    new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const pub = connect();
  const sub = connect();
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (error: unknown) => opts.log.warn({ err: error, connection: name }, 'redis error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);

  const handlers: ((message: BusMessage) => void)[] = [];
  /** What this instance last reported, by key, to remove what has gone since. */
  const reported = new Map<string, Set<string>>();
  const dispatch = (message: BusMessage) => {
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        opts.log.error({ err: error }, 'realtime bus handler failed');
      }
    }
  };
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (error) {
      opts.log.warn({ err: error }, 'unreadable realtime bus message');
      return;
    }
    if (envelope.from !== instanceId) dispatch(envelope.message);
  });

  return {
    kind: 'redis',
    publish(message) {
      setImmediate(() => dispatch(message));
      const envelope: Envelope = { from: instanceId, message };
      pub.publish(channel, JSON.stringify(envelope)).catch((error: unknown) => {
        opts.log.error({ err: error }, 'realtime bus publish failed: other instances miss this event');
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async reportPresence(snapshot: PresenceSnapshot) {
      const now = Date.now();
      const batch = pub.multi();
      for (const [key, members] of [
        [usersKey, snapshot.users],
        [sessionsKey, snapshot.sessions],
      ] as const) {
        const current = new Set(members);
        const gone = [...(reported.get(key) ?? [])].filter((member) => !current.has(member));
        for (let i = 0; i < gone.length; i += ZADD_CHUNK) batch.zrem(key, ...gone.slice(i, i + ZADD_CHUNK));
        reported.set(key, current);
        let chunk: (string | number)[] = [];
        for (const member of current) {
          chunk.push(now, member);
          if (chunk.length >= ZADD_CHUNK * 2) {
            batch.zadd(key, ...chunk);
            chunk = [];
          }
        }
        if (chunk.length) batch.zadd(key, ...chunk);
        batch.zremrangebyscore(key, '-inf', now - PRESENCE_TTL_MS);
      }
      await batch.exec();
    },
    async presenceTotals() {
      const since = Date.now() - PRESENCE_TTL_MS;
      const [users, sessions] = await Promise.all([
        pub.zcount(usersKey, since, '+inf'),
        pub.zcount(sessionsKey, since, '+inf'),
      ]);
      return { connectedUsers: users, activeSessions: sessions };
    },
    async close() {
      handlers.length = 0;
      // This instance's users and sessions stop counting now, not when their reports age out.
      const batch = pub.multi();
      for (const [key, members] of reported) {
        const list = [...members];
        for (let i = 0; i < list.length; i += ZADD_CHUNK) batch.zrem(key, ...list.slice(i, i + ZADD_CHUNK));
      }
      await batch.exec().catch(() => {});
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
