// `npm run desktop:browser`: the desktop app's screens in any browser, without Electron. Starts
// (1) the server on a fresh embedded database unless BEATROOM_SERVER_URL names one, (2) main's
// real services in their own Node process (main-process.ts) on a library folder
// (DESKTOP_LIBRARY_DIR, a temporary one by default), serving the built renderer at
// DESKTOP_BROWSER_PORT (5180). With DESKTOP_BROWSER_CONTROL_PORT set it also answers the desktop
// journeys' requests to kill -9 and restart main, to stop and restart the server, or to start
// main afresh on a new, empty library folder (a retried run of the journeys starts signed out).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const port = Number(process.env.DESKTOP_BROWSER_PORT ?? 5180);
const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};
let libraryDir = process.env.DESKTOP_LIBRARY_DIR || tempDir('beatroom-desktop-');
const embedded = !process.env.BEATROOM_SERVER_URL;
const serverPort = port + 1;
const serverUrl = process.env.BEATROOM_SERVER_URL || `http://127.0.0.1:${serverPort}`;
const serverData = embedded ? tempDir('beatroom-desktop-server-') : '';

if (!existsSync(join(root, 'desktop/out/renderer/index.html'))) {
  console.error('The desktop renderer is not built: run `npm run build:desktop` first.');
  process.exit(1);
}

let server: ChildProcess | null = null;
let main: ChildProcess | null = null;
let stopping = false;

function run(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not start within 2 minutes`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

async function startServer() {
  server = run('desktop/harness/serve-server.ts', {
    PORT: String(serverPort),
    PUBLIC_URL: serverUrl,
    DATA_DIR: serverData,
    SEED_DEMO: process.env.SEED_DEMO ?? '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  await waitFor(`${serverUrl}/api/ready`, server, 'The server');
}

async function stopServer() {
  if (!server) return;
  const child = server;
  server = null;
  child.kill('SIGTERM');
  await exited(child);
}

async function startMain() {
  const child = run('desktop/harness/main-process.ts', {
    BEATROOM_SERVER_URL: serverUrl,
    DESKTOP_LIBRARY_DIR: libraryDir,
    DESKTOP_BROWSER_PORT: String(port),
  });
  main = child;
  child.once('exit', (code, signal) => {
    if (main !== child || stopping) return;
    // Killed on purpose by the journeys' control, or crashed: either way the harness stays up.
    console.warn(`[desktop browser] main exited (${signal ?? code}); it restarts on request`);
    main = null;
  });
  await waitFor(`http://127.0.0.1:${port}/__harness/ready`, child, 'The desktop main process');
}

async function killMain() {
  if (!main) return;
  const child = main;
  main = null;
  child.kill('SIGKILL');
  await exited(child);
}

/**
 * Main started again on a new temporary library: no session, no takes, no downloads. A folder
 * named by DESKTOP_LIBRARY_DIR is left as it is (it is someone's), the new one is beside it.
 */
async function startMainAfresh() {
  await killMain();
  libraryDir = tempDir('beatroom-desktop-');
  if (!server && embedded) await startServer();
  await startMain();
}

async function shutdown(code = 0) {
  stopping = true;
  await killMainGracefully();
  await stopServer();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

async function killMainGracefully() {
  if (!main) return;
  const child = main;
  main = null;
  child.kill('SIGTERM');
  await exited(child);
}

/** The journeys' control: loopback only, and only when DESKTOP_BROWSER_CONTROL_PORT is set. */
function listenForControl(controlPort: number) {
  const actions: Record<string, () => Promise<void>> = {
    '/kill-main': killMain,
    '/start-main': startMain,
    '/stop-server': stopServer,
    '/start-server': startServer,
    '/start-main-afresh': startMainAfresh,
  };
  createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/library-dir') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(libraryDir);
      return;
    }
    const action = request.method === 'POST' ? actions[request.url ?? ''] : undefined;
    if (!action) {
      response.writeHead(404).end();
      return;
    }
    action().then(
      () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  }).listen(controlPort, '127.0.0.1');
}

process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

try {
  if (embedded) await startServer();
  await startMain();
  if (process.env.DESKTOP_BROWSER_CONTROL_PORT)
    listenForControl(Number(process.env.DESKTOP_BROWSER_CONTROL_PORT));
  console.log(`Server: ${serverUrl}${embedded ? ' (embedded database)' : ''}`);
  console.log(`Library: ${libraryDir}`);
  console.log(`Desktop renderer: http://127.0.0.1:${port}/`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
