import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

/** The single built-in admin allow-list address, overridable by ADMIN_EMAIL. */
export const DEFAULT_ADMIN_EMAIL = 'admin@beatroom.local';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. The README lists the same. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_EMAIL: z.string().email().default(DEFAULT_ADMIN_EMAIL),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Extra origins (comma-separated) allowed to call the API with credentials, e.g. the desktop app. */
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: bool.default(false),
  /** Sign-in starts and session exchanges per minute per client IP (each route). */
  SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /** Upload attempts per hour per user (audio and images each). */
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  /** Bytes a user may upload (stored) per 24 hours. */
  UPLOAD_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3),
  /** Bytes of uploads a user may keep stored at once. */
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 ** 3),
  /** WebSocket upgrade attempts per minute per client IP. */
  WS_UPGRADE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  /** Open sockets per session (a browser's tabs) and per user; one more closes the oldest. */
  WS_MAX_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).default(5),
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  /** A connection that sends no byte for this long (half its headers, a stalled upload) is closed. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** First wait (ms) before retrying an unreachable database at start-up; doubles up to 30 s. */
  DATABASE_RETRY_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** S3-compatible storage: endpoint, bucket and both keys together, or none (DATA_DIR/files). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Demo catalogue on an empty database at start-up; 0 turns it off. Never under NODE_ENV=test. */
  SEED_DEMO: bool.default(true),
  /** How long (ms) a GET /api/beats page may be served from memory; 0 turns the cache off. */
  BEAT_LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Most PostgreSQL connections per instance; unset = two per core, at least 4. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  /** Redis for realtime fan-out across server instances; unset = one instance, in-process bus. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of every Redis channel and key, so several deployments (or tests) share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only, at most 64')
    .default('beatroom:'),
  /** Stripe: both keys together, or neither (the local test checkout). Required in production. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  /** Where the Stripe SDK sends requests, e.g. a local fake in tests; unset is api.stripe.com. */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * End-to-end runs only: POST /api/test/clock moves the challenges' clock forward.
   * Refused in production.
   */
  TEST_CLOCK: bool.default(false),
  /** Port of the Prometheus /metrics listener; unset = no metrics listener. Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface the metrics listener binds to: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Outgoing mail (smtp://user:pass@host:587) and its From; no SMTP_URL: see docs/operations.md. */
  SMTP_URL: z.optional(z.string().regex(/^smtps?:\/\/./, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(3).default('Beatroom <no-reply@localhost>'),
});

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** null: embedded PostgreSQL (PGlite) under dataDir; 'memory': in-memory PGlite (tests). */
  databaseUrl: string | null | 'memory';
  adminEmail: string;
  google: { clientId: string; clientSecret: string } | null;
  sessionSecret: string;
  corsOrigins: string[];
  logLevel: string;
  rateLimitMax: number;
  trustProxy: boolean;
  /** Per client IP per minute: sign-in starts and session exchanges (each route). */
  signInRateLimitMax: number;
  /** Per user per hour, each upload route. */
  uploadRateLimitMax: number;
  uploadBytesPerDay: number;
  /** Per-user storage quota (sum of the user's stored uploads). */
  storageQuotaBytes: number;
  /** Per client IP per minute. */
  wsUpgradeRateLimitMax: number;
  wsMaxSocketsPerSession: number;
  wsMaxSocketsPerUser: number;
  /** Idle and header timeout of HTTP connections, ms. */
  httpIdleTimeoutMs: number;
  /** First back-off (ms) while the database is unreachable at start-up. */
  databaseRetryMs: number;
  /** Directory of the built web app to serve, or null to serve the API only. */
  webDist: string | null;
  /** S3-compatible bucket for files, or null for the local directory DATA_DIR/files. */
  s3: S3Config | null;
  /** Seed the demo catalogue when the database has no beats (always off under NODE_ENV=test). */
  seedDemo: boolean;
  /** GET /api/beats micro-cache lifetime in ms (0 = off). */
  beatListCacheMs: number;
  /** PostgreSQL pool size; null = two connections per core, at least 4. */
  databasePoolMax: number | null;
  /** Realtime event bus: Redis pub/sub when set, in-process otherwise. */
  redis: { url: string; prefix: string } | null;
  /** Payments through Stripe when set; otherwise the local test checkout provider. */
  stripe: StripeConfig | null;
  /** POST /api/test/clock exists (e2e runs); never in production. */
  testClock: boolean;
  /** The Prometheus listener (main.ts), or null for none: metrics are then not collected at all. */
  metrics: { port: number; host: string } | null;
  mail: { smtpUrl: string | null; from: string };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host for the SDK (tests: a local fake of Stripe); null is Stripe itself. */
  apiBase: string | null;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. A bad value throws a ConfigError naming the variable,
 * so start-up stops with a message a person can act on.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const s3Set = S3_VARIABLES.filter((name) => e[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_VARIABLES.length) {
    const missing = S3_VARIABLES.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required for S3 storage (set all of ${S3_VARIABLES.join(', ')}, or none)`,
    );
  }
  if (!!e.STRIPE_SECRET_KEY !== !!e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  if (e.NODE_ENV === 'production') {
    if (!e.GOOGLE_CLIENT_ID) {
      throw new ConfigError(
        'Invalid configuration:\n  GOOGLE_CLIENT_ID: required in production (the local sign-in issuer is for development only)',
      );
    }
    if (!e.SESSION_SECRET)
      throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production');
    if (!e.PUBLIC_URL) throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production');
    if (!e.STRIPE_SECRET_KEY) {
      throw new ConfigError(
        'Invalid configuration:\n  STRIPE_SECRET_KEY: required in production (the local checkout moves no money)',
      );
    }
    if (e.TEST_CLOCK) {
      throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: not allowed in production');
    }
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  }
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(base, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    adminEmail: e.ADMIN_EMAIL,
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET! }
      : null,
    sessionSecret: e.SESSION_SECRET ?? overrides.sessionSecret ?? persistedSecret(dataDir),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    signInRateLimitMax: e.SIGN_IN_RATE_LIMIT_MAX,
    uploadRateLimitMax: e.UPLOAD_RATE_LIMIT_MAX,
    uploadBytesPerDay: e.UPLOAD_BYTES_PER_DAY,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    wsUpgradeRateLimitMax: e.WS_UPGRADE_RATE_LIMIT_MAX,
    wsMaxSocketsPerSession: e.WS_MAX_SOCKETS_PER_SESSION,
    wsMaxSocketsPerUser: e.WS_MAX_SOCKETS_PER_USER,
    httpIdleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    databaseRetryMs: e.DATABASE_RETRY_MS,
    webDist: null,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : null,
    seedDemo: e.SEED_DEMO && e.NODE_ENV !== 'test',
    testClock: e.TEST_CLOCK && e.NODE_ENV !== 'production',
    beatListCacheMs: e.BEAT_LIST_CACHE_MS,
    databasePoolMax: e.DATABASE_POOL_MAX ?? null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiBase: e.STRIPE_API_BASE ?? null,
        }
      : null,
    ...overrides,
  };
}

/** Outside production an unset SESSION_SECRET is generated once and kept under DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
