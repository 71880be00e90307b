import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { cpuMicros, mainThreadCpuMicros } from '../process-cpu';

interface MixdownWindow {
  mixdownBench: {
    prepare(): Promise<void>;
    exportWav(): Promise<{ wallS: number; bytes: number }>;
  };
}
declare const window: MixdownWindow;

/** A /proc/<pid>/status memory field (VmRSS, VmHWM) in bytes; null once the process is gone. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * The studio's export in Chromium: the page's renderer process, found as the one that grew when
 * the page made its takes and beat, is read from outside while the export runs. Its peak resident
 * memory (VmHWM, reset just before the export through clear_refs) is the page's memory as the
 * system counts it, ArrayBuffers and the audio engine's buffers included; the JS heap (CDP
 * Performance.getMetrics, polled) holds none of the audio. Its CPU time over the export is the
 * engine's and the script's together.
 */
export async function mixdownPageMeasures(
  browser: Browser,
  origin: string,
  seconds: number,
): Promise<string[]> {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  const browserCdp = await browser.newBrowserCDPSession();
  try {
    await page.goto(`${origin}/mixdown-page.html?seconds=${seconds}`);
    await cdp.send('Performance.enable');
    const processes = async (type: string) =>
      (
        (await browserCdp.send('SystemInfo.getProcessInfo')) as {
          processInfo: { type: string; id: number }[];
        }
      ).processInfo
        .filter((process) => process.type === type)
        .map((process) => process.id);
    const renderers = () => processes('renderer');
    // The browser process keeps the page's Blobs (the takes, the WAV): reported beside the page.
    const [browserPid] = await processes('browser');
    const browserRss = () => (browserPid ? (statusBytes(browserPid, 'VmRSS') ?? 0) : 0);
    const browserBefore = browserRss();
    const before = new Map((await renderers()).map((pid) => [pid, statusBytes(pid, 'VmRSS') ?? 0]));
    await page.evaluate(() => window.mixdownBench.prepare());
    const grown = [...before].map(([pid, rss]) => [pid, (statusBytes(pid, 'VmRSS') ?? 0) - rss] as const);
    const [pid] = grown.reduce((a, b) => (b[1] > a[1] ? b : a));
    const prepared = statusBytes(pid, 'VmRSS') ?? 0;
    const browserPrepared = browserRss();
    let browserPeak = browserPrepared;
    // Peak RSS from here on (Linux: writing 5 to clear_refs resets VmHWM to the current RSS).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let heapPeak = 0;
    let rssPeak = prepared;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        heapPeak = Math.max(heapPeak, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
        rssPeak = Math.max(rssPeak, statusBytes(pid, 'VmRSS') ?? 0);
        browserPeak = Math.max(browserPeak, browserRss());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    // STUDIO_TIMELINE_CPU_PROFILE=<file> writes the page's CPU profile of the export (Chrome
    // DevTools' format), at the cost of the profiler's own time in the figures.
    const profileFile = process.env.STUDIO_TIMELINE_CPU_PROFILE;
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const cpuBefore = cpuMicros(pid) ?? 0;
    const mainBefore = mainThreadCpuMicros(pid) ?? 0;
    const result = await page.evaluate(() => window.mixdownBench.exportWav());
    const cpuS = ((cpuMicros(pid) ?? 0) - cpuBefore) / 1e6;
    const mainS = ((mainThreadCpuMicros(pid) ?? 0) - mainBefore) / 1e6;
    if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const hwm = Math.max(rssPeak, statusBytes(pid, 'VmHWM') ?? 0);
    polling = false;
    await poll;
    return [
      `  the studio's export, WAV 24-bit ${(result.bytes / 1e6).toFixed(1)} MB: wall ${result.wallS.toFixed(1)} s = ${(seconds / result.wallS).toFixed(1)}× real time`,
      `  renderer CPU ${cpuS.toFixed(1)} s = ${(seconds / cpuS).toFixed(1)}× real time per core (goal ≥ 15×)`,
      // The page's script runs on the main thread; the engine's offline renders on threads of
      // their own (one per context), which end with their render (V8's helpers count with them).
      `    of which the main thread (the script) ${mainS.toFixed(1)} s, the other threads (mostly the audio renders) ${(cpuS - mainS).toFixed(1)} s`,
      `  page peak memory (renderer RSS) ${mb(hwm)}, ${mb(prepared)} of it once the takes (16-bit) and the beat existed; JS heap peak ${mb(heapPeak)} (goal < 600 MB)`,
      `  browser process (its blob store holds the takes and the WAV): ${mb(browserPrepared - browserBefore)} more once the takes existed, at most ${mb(browserPeak - browserBefore)} more during the export`,
    ];
  } finally {
    await browserCdp.detach();
    await page.close();
  }
}
