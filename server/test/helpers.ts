import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createTemplatedDatabase } from './test-database';

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function createTestApp(overrides: Partial<Config> = {}, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-test-'));
  const database = await createTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_MAX: '100000',
      SIGN_IN_RATE_LIMIT_MAX: '100000',
      UPLOAD_RATE_LIMIT_MAX: '100000',
      WS_UPGRADE_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    { dataDir, databaseUrl: database.url, sessionSecret: 'test-secret-'.padEnd(40, 'x'), ...overrides },
  );
  const app = await buildApp(config);
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createTestDatabase(): Promise<{ url: string | 'memory'; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: 'memory', drop: async () => {} };
  // Copied from an already migrated template (test-database.ts): far cheaper than migrating.
  return createTemplatedDatabase(base);
}

/** Keeps cookies between inject() calls, like a browser would. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
}

/** Asks the issuer for a code the way a browser would, with login_hint skipping its form. */
export async function authorize(agent: Agent, email: string) {
  const res = await agent.get('/api/oauth/google/redirect_url');
  const { redirectUrl } = res.json() as { redirectUrl: string };
  const authorizeUrl = `${redirectUrl}&login_hint=${encodeURIComponent(email)}`;
  const issuerResponse = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = new URL(issuerResponse.headers.get('location')!);
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')!, location };
}

/** Signs in through the whole OpenID flow and returns an agent holding the session cookie. */
export async function signIn(app: FastifyInstance, email: string) {
  const agent = new Agent(app);
  const { code, state } = await authorize(agent, email);
  const res = await agent.post('/api/sessions', { code, state });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { agent, user: res.json() as { id: string; email: string; isAdmin: boolean } };
}

/** Starts the app listening on a free local port; answers its WebSocket address. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
}
