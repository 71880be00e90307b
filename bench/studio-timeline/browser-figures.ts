import { createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { encodeWav } from '../../web/src/features/studio/engine/mixdown';
import { clickSamples } from '../../web/src/features/studio/engine/clicks';

const here = fileURLToPath(new URL('.', import.meta.url));
const RATE = 48_000;
/** The fake microphone's clicks: one every half second (the loopback's "beat"). */
export const CLICK_PERIOD_S = 0.5;

const PAGES = ['timeline-page', 'recording-page', 'mixdown-page'];

/** Builds the bench pages with the web app's Vite plugins (React, Tailwind). */
export async function buildPages(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-timeline-bench-'));
  for (const page of PAGES) {
    writeFileSync(
      join(dir, `${page}.html`),
      `<!doctype html><html class="dark"><body><div id="root"></div><script type="module" src="${join(here, `${page}.ts`)}"></script></body></html>`,
    );
  }
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [{ find: /^zod$/, replacement: join(here, '../../web/src/lib/zod-jitless.ts') }],
    },
    build: {
      outDir: join(dir, 'dist'),
      rolldownOptions: { input: PAGES.map((p) => join(dir, `${p}.html`)) },
    },
  });
  return dir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built pages on a loopback port; answers their origin and a stop function. */
export async function servePages(dir: string): Promise<{ origin: string; close: () => void }> {
  const server = createServer((request, response) => {
    const path = join(dir, 'dist', new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(join(dir, 'dist')) || !existsSync(path)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * Chromium as the journeys launch it, its fake microphone playing a click every half second.
 * Chromium loops the file with a seam of a few milliseconds, so the file outlasts the recording.
 */
export async function launchBrowser(dir: string, seconds = 10): Promise<Browser> {
  const wav = join(dir, 'clicks.wav');
  const samples = new Float32Array(Math.ceil(seconds + 10) * RATE);
  for (let at = 0; at < samples.length; at += CLICK_PERIOD_S * RATE) samples.set(clickSamples(RATE), at);
  writeFileSync(
    wav,
    Buffer.from(
      encodeWav({
        numberOfChannels: 1,
        sampleRate: RATE,
        length: samples.length,
        getChannelData: () => samples,
      }),
    ),
  );
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
      // The timeline page collects its fixture's garbage before it starts the clock (gc()).
      '--js-flags=--expose-gc',
    ],
  });
}

export function cleanUp(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
