import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../src/server-dir';
import { freePort } from './free-port';

// The compiled server (server/tools/build.mjs) run by plain node, as `npm start` runs it: built
// into its own folder directly under server/ (like server/dist), so paths computed from the
// bundle's location (the migrations, web/dist) resolve as they do from server/dist.

interface Run {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Plain `node` (no tsx) running `args`, with the embedded database under its own folder. */
async function startNode(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: join(SERVER_DIR, '..'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SERVE_WEB: '0',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    const status = await fetch(`${base}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, base, output: () => output };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(run: Run | null) {
  if (!run || run.child.exitCode !== null) return;
  const exited = new Promise((r) => run.child.once('exit', r));
  run.child.kill('SIGTERM');
  await exited;
}

describe('the compiled server', () => {
  const outDir = mkdtempSync(join(SERVER_DIR, '.compiled-test-'));
  const bundle = join(outDir, 'main.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-compiled-'));
  let run: Run | null = null;

  beforeAll(() => {
    const build = spawnSync(
      process.execPath,
      [join(SERVER_DIR, 'tools', 'build.mjs'), `--outfile=${bundle}`],
      {
        encoding: 'utf8',
      },
    );
    expect(build.status, build.stderr).toBe(0);
  });

  afterAll(async () => {
    await stop(run);
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports the start-up memory module first, and bundles Prisma's runtime with its graph records sparse", () => {
    const code = readFileSync(bundle, 'utf8');
    const imports = code.match(/^import .*$/gm) ?? [];
    expect(imports[0]).toBe('import { releaseYoungGeneration } from "./startup-memory.js";');
    expect(readFileSync(join(outDir, 'startup-memory.js'), 'utf8')).toContain('--semi-space-growth-factor');
    expect(code).not.toMatch(/from "@prisma\/client\/runtime\/client"/);
    expect(code.match(/= __sparseRecord\(\)/g)).toHaveLength(2);
  });

  // One start serves both checks of the bundle run directly: each start of a fresh embedded
  // database (its files created, every migration applied) is ~20 s of a loaded CI machine.
  describe('run directly, with metrics on their own port', () => {
    let metricsPort = 0;
    beforeAll(async () => {
      metricsPort = await freePort();
      run = await startNode([bundle], join(dataDir, 'direct'), { METRICS_PORT: String(metricsPort) });
    });
    afterAll(async () => {
      await stop(run);
      run = null;
    });

    it('starts once: migrations applied from the bundle, embedded database, API answering', async () => {
      const health = await fetch(`${run!.base}/api/health`);
      expect(health.status).toBe(200);
      const beats = await fetch(`${run!.base}/api/beats`);
      expect(beats.status).toBe(200);
      expect(await beats.json()).toEqual([]);
      // A query through Prisma's bundled runtime, which reads its parameterisation graph.
      const profile = await fetch(`${run!.base}/api/users/00000000-0000-4000-8000-000000000000/profile`);
      expect(profile.status).toBe(404);
      expect(run!.output().match(/Beatroom is running/g)).toHaveLength(1);
    });

    it("serves the API reference with the viewer's own script, and metrics on their own port only", async () => {
      const document = await fetch(`${run!.base}/api/openapi.json`);
      expect(document.status).toBe(200);
      const spec = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(spec.openapi).toBe('3.1.0');
      expect(Object.keys(spec.paths)).toContain('/api/beats');
      const page = await fetch(`${run!.base}/api/docs/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
      const html = await page.text();
      expect(html).toContain('<script src="js/scalar.js"></script>');
      const script = await fetch(`${run!.base}/api/docs/js/scalar.js`);
      expect(script.status).toBe(200);
      expect((await script.text()).length).toBeGreaterThan(1_000_000);

      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^# TYPE beatroom_http_request_duration_seconds histogram$/m);
      expect((await fetch(`${run!.base}/metrics`)).status).toBe(404);
      expect(run!.output()).toContain(`metrics: http://127.0.0.1:${metricsPort}/metrics`);
    });
  });

  it('starts once when imported and main() is called again, as the start script does', async () => {
    const importer = [
      `const { main } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
      'const [a, b] = await Promise.all([main(), main()]);',
      "if (a !== b) throw new Error('main() started a second server');",
    ].join('\n');
    // On the database the direct run created and migrated: what this checks is the start script's
    // second main(), not a first start once more.
    run = await startNode(['--input-type=module', '-e', importer], join(dataDir, 'direct'));
    expect((await fetch(`${run.base}/api/health`)).status).toBe(200);
    expect(run.output().match(/Beatroom is running/g)).toHaveLength(1);
    expect(run.output()).not.toMatch(/EADDRINUSE/);
    await stop(run);
    run = null;
  });
});
