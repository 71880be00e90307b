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
 * Presence: each instance writes its socket count into a hash and its users into a sorted set
 * scored by report time; totals read both and ignore reports older than PRESENCE_TTL_MS.
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
  const socketsKey = `${opts.prefix}presence:sockets`;
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
      const batch = pub.multi().hset(socketsKey, instanceId, `${snapshot.sockets}|${now}`);
      let chunk: (string | number)[] = [];
      for (const userId of snapshot.users) {
        chunk.push(now, userId);
        if (chunk.length >= ZADD_CHUNK * 2) {
          batch.zadd(usersKey, ...chunk);
          chunk = [];
        }
      }
      if (chunk.length) batch.zadd(usersKey, ...chunk);
      batch.zremrangebyscore(usersKey, '-inf', now - PRESENCE_TTL_MS);
      await batch.exec();
    },
    async presenceTotals() {
      const since = Date.now() - PRESENCE_TTL_MS;
      const [reports, users] = await Promise.all([
        pub.hgetall(socketsKey),
        pub.zcount(usersKey, since, '+inf'),
      ]);
      let sockets = 0;
      for (const value of Object.values(reports)) {
        const [count, at] = value.split('|').map(Number);
        if (at !== undefined && at >= since && Number.isFinite(count)) sockets += count!;
      }
      return { connectedUsers: users, activeSessions: sockets };
    },
    async close() {
      handlers.length = 0;
      await pub.hdel(socketsKey, instanceId).catch(() => {});
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
