import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * What every journey server runs with, the web journeys' and the desktop harness's: no demo
 * catalogue, warnings only, and rate limits no journey reaches (they sign in and upload far more
 * often than a person).
 */
export const JOURNEY_SERVER_SETTINGS = {
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000',
  SIGN_IN_RATE_LIMIT_MAX: '100000',
  UPLOAD_RATE_LIMIT_MAX: '100000',
  WS_UPGRADE_RATE_LIMIT_MAX: '100000',
} as const;

/**
 * The web journeys' server: the real server on a fresh embedded database (e2e/serve.ts), serving
 * the built web app. The config starts one per worker slot (playwright.config.ts); a journey's
 * second try starts one more of its own (journey-test.ts). Both get this environment.
 */
export function journeyServerEnv(port: number): Record<string, string> {
  return {
    ...JOURNEY_SERVER_SETTINGS,
    PORT: String(port),
    PUBLIC_URL: journeyServerUrl(port),
    // POST /api/test/clock: the challenges journey moves time past a challenge's end.
    TEST_CLOCK: '1',
  };
}

export const journeyServerUrl = (port: number) => `http://localhost:${port}`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A started server: its URL, and a stop that resolves once the process has exited. */
export interface JourneyServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts e2e/serve.ts on `port` and resolves once its /api/ready answers (or rejects with the
 * server's last output after `timeoutMs`). The server ends itself when this process's pipe to it
 * closes, so a worker that dies without its teardown leaves no server behind.
 */
export async function startJourneyServer(port: number, timeoutMs = 180_000): Promise<JourneyServer> {
  const url = journeyServerUrl(port);
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...journeyServerEnv(port), E2E_EXIT_WITH_STDIN: '1' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + timeoutMs;
  while (!gone && Date.now() < deadline) {
    const ready = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the journey server on ${url} did not get ready:\n${output}`);
}
