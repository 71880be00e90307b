import { join } from 'node:path';
import type { Config } from '../config';
import type { DatabaseTarget } from './database';

/** Which database the config names: a PostgreSQL URL, in-memory PGlite, or PGlite files under DATA_DIR. */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  if (config.databaseUrl === 'memory') return { memory: true };
  if (config.databaseUrl) return { url: config.databaseUrl };
  return { embeddedDir: join(config.dataDir, 'pglite') };
}
