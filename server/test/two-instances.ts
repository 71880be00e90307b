import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, listenForSockets } from './helpers';

const sharedDatabaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
/**
 * Why two instances cannot run here, or '' when they can: they share one real PostgreSQL (PGlite
 * is in-process, so TEST_DATABASE_URL) and realtime over the real Redis (REDIS_URL).
 */
export const twoInstancesSkipReason = !sharedDatabaseUrl
  ? 'skipped: set TEST_DATABASE_URL (real PostgreSQL) to share one database between two instances'
  : !redisUrl
    ? 'skipped: set REDIS_URL (e.g. redis://127.0.0.1:6379)'
    : '';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TwoInstances = { a: TestApp; b: TestApp; urlA: string; urlB: string };

/**
 * Two app instances on one database with realtime over Redis under a fresh key prefix, both
 * listening (their WebSocket addresses), for a describe.skipIf(!!twoInstancesSkipReason); the
 * Redis keys go afterwards.
 */
export function useTwoInstances(): TwoInstances {
  const prefix = `beatroom-test-${randomBytes(6).toString('hex')}:`;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix };
  const two = { urlA: '', urlB: '' } as TwoInstances;
  beforeAll(async () => {
    two.a = await createTestApp({}, env);
    two.b = await createTestApp({ databaseUrl: two.a.config.databaseUrl }, env);
    two.urlA = await listenForSockets(two.a.app);
    two.urlB = await listenForSockets(two.b.app);
  });
  afterAll(async () => {
    await two.b?.close();
    await two.a?.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return two;
}
