import { createServer, type Server } from 'node:http';

/** Longest wait between two attempts, however long the database stays away. */
export const MAX_RETRY_MS = 30_000;
/** One attempt gives up after this long (a host that drops packets instead of refusing). */
const ATTEMPT_TIMEOUT_MS = 5_000;

export interface WaitOptions {
  url: string;
  port: number;
  host: string;
  /** First wait between attempts; doubles up to MAX_RETRY_MS. */
  retryMs: number;
  /** One line per failed attempt (and one when the database answers). */
  log: (line: string) => void;
}

export interface DatabaseWait {
  /** Resolves once the database answered `SELECT 1`. */
  reachable: Promise<void>;
  /** Stops answering on the port (the app is about to listen there) or stops trying. */
  close(): Promise<void>;
}

/** What went wrong, in one line: the driver's code and message, never a stack trace. */
export function describeFailure(error: unknown): string {
  const e = error as { code?: string; message?: string; errors?: { message?: string }[] };
  // Node reports a refused dual-stack connect as an AggregateError with an empty message.
  const message = e.message || e.errors?.map((inner) => inner.message).join('; ') || String(error);
  return e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/**
 * Start-up when PostgreSQL is not reachable yet (it starts after us, or is restarting): the
 * process stays up and keeps trying with backoff, one log line per attempt. Meanwhile it
 * answers on its port so an orchestrator sees it alive but not ready: /api/health 200,
 * /api/ready 503, anything else 503 with Retry-After. Once the database answers, main.ts
 * builds the app (migrations run there) and listens on the same port.
 */
export function waitForDatabase(options: WaitOptions): DatabaseWait {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake = () => {};
  // Started at the first failure: a database that answers at once changes nothing at start-up.
  let server: Promise<Server | null> = Promise.resolve(null);

  const reachable = (async () => {
    const { default: pg } = await import('pg');
    let delay = options.retryMs;
    for (let attempt = 1; !stopped; attempt++) {
      const client = new pg.Client({
        connectionString: options.url,
        connectionTimeoutMillis: ATTEMPT_TIMEOUT_MS,
      });
      // A connection that fails after connecting would otherwise be an uncaught 'error' event.
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        if (attempt > 1) options.log(`database reachable after ${attempt} attempts: starting`);
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (attempt === 1) server = startWaitingServer(options);
        options.log(
          `database not reachable (attempt ${attempt}: ${describeFailure(error)}); retrying in ${Math.round(delay / 100) / 10} s`,
        );
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, delay);
      });
      delay = Math.min(MAX_RETRY_MS, delay * 2);
    }
    throw new Error('stopped waiting for the database');
  })();

  return {
    reachable,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake();
      const listening = await server;
      if (!listening) return;
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    },
  };
}

/** The stand-in on the app's port; null when the port cannot be had (the app's listen will say why). */
function startWaitingServer(options: WaitOptions): Promise<Server | null> {
  const json = (status: number, body: object, extra: Record<string, string> = {}) => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra },
  });
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answer =
      path === '/api/health'
        ? json(200, { status: 'ok' })
        : path === '/api/ready'
          ? json(503, { error: 'Database unreachable' })
          : json(
              503,
              { error: 'The server is starting: its database is not reachable yet' },
              { 'retry-after': '5' },
            );
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  // Sockets upgraded meanwhile get nothing to talk to: closed, and the client retries.
  server.on('upgrade', (_request, socket) => socket.destroy());
  return new Promise((resolve) => {
    server.once('error', (error) => {
      options.log(
        `could not answer health checks on port ${options.port} while waiting: ${describeFailure(error)}`,
      );
      resolve(null);
    });
    server.listen(options.port, options.host, () => resolve(server));
  });
}
