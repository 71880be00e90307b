import type { Browser } from '@playwright/test';
import { CLICK_PERIOD_S } from './browser-figures';
import { frameLine, traceFrames } from './frame-trace';

interface BenchWindow {
  bench: {
    firstDrawMs: number | null;
    start(): Promise<number>;
    play(): void;
    stop(): void;
    scroller(): HTMLElement;
    frames(ms: number, each?: () => void): Promise<number[]>;
  };
  record(seconds: number): Promise<{
    wallS: number;
    chunks: number;
    bytes: number;
    durationS: number;
    onsets: number[];
  }>;
}
declare const window: BenchWindow;

/**
 * The timeline page at 1440×1000: first draw of the arrangement, 5 s of scrolling (as is and at
 * 4× CPU throttling), 30 s of playback with the playhead followed (as is and at 4× throttling;
 * CDP Emulation.setCPUThrottlingRate). Each run's frames are counted twice: the page's
 * requestAnimationFrame callbacks and the compositor's frames in a Chrome trace.
 */
export async function timelineMeasures(browser: Browser, origin: string, seconds: number): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const lines: string[] = [];
  try {
    await page.goto(`${origin}/timeline-page.html?seconds=${seconds}`);
    const firstDraw = await page.evaluate(() => window.bench.start());
    lines.push(`  first draw of the arrangement ${firstDraw.toFixed(0)} ms (goal < 500 ms)`);
    const cdp = await page.context().newCDPSession(page);
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const scrolling = await traceFrames(browser, page, cdp, () =>
        page.evaluate(() => {
          const scroller = window.bench.scroller();
          const range = scroller.scrollWidth - scroller.clientWidth;
          return window.bench.frames(5_000, () => {
            scroller.scrollLeft = (scroller.scrollLeft + 24) % range;
          });
        }),
      );
      lines.push(`  scrolling 5 s at ${rate}× CPU throttling: ${frameLine(scrolling)}`);
    }
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.evaluate(() => (window.bench.scroller().scrollLeft = 0));
      const playback = await traceFrames(browser, page, cdp, () =>
        page.evaluate(async () => {
          window.bench.play();
          try {
            return await window.bench.frames(30_000);
          } finally {
            window.bench.stop();
          }
        }),
      );
      lines.push(
        `  30 s of playback at ${rate}× CPU throttling (goal at 4×: none dropped): ${frameLine(playback)}`,
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  } finally {
    await page.close();
  }
  return lines;
}

/**
 * A continuous recording through the studio's recorder from the fake microphone's clicks: each
 * click's place against the clicks' own grid (the first click anchors it). Drift is the largest
 * distance from the grid; a gap shows as missing clicks or a take shorter than the time recorded.
 */
export async function recordingMeasures(
  browser: Browser,
  origin: string,
  seconds: number,
): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/recording-page.html`);
    const take = await page.evaluate((s) => window.record(s), seconds);
    const [first, ...rest] = take.onsets;
    if (first === undefined) return ['  recording: no click heard in the take'];
    let maxDrift = 0;
    let missing = 0;
    let previousK = 0;
    let sum = 0;
    let sumK = 0;
    let sumKK = 0;
    let sumKD = 0;
    let sumD = 0;
    // Jumps: consecutive clicks apart by other than a whole number of periods (audio lost or
    // doubled between them), each by how much.
    const jumps: number[] = [];
    let previous = first;
    for (const onset of rest) {
      const k = Math.round((onset - first) / CLICK_PERIOD_S);
      const drift = onset - (first + k * CLICK_PERIOD_S);
      maxDrift = Math.max(maxDrift, Math.abs(drift));
      missing += Math.max(0, k - previousK - 1);
      previousK = k;
      sum++;
      sumK += k;
      sumKK += k * k;
      sumKD += k * drift;
      sumD += drift;
      const apart = onset - previous;
      const jump = apart - Math.round(apart / CLICK_PERIOD_S) * CLICK_PERIOD_S;
      if (Math.abs(jump) > 0.002) jumps.push(jump);
      previous = onset;
    }
    // The drift's trend (a clock running at another rate), parts per million.
    const slope = sum > 1 ? (sum * sumKD - sumK * sumD) / (sum * sumKK - sumK * sumK) : 0;
    return [
      `  ${seconds} s continuous recording (${take.chunks} chunks, ${(take.bytes / 1e6).toFixed(1)} MB): take ${take.durationS.toFixed(2)} s for ${take.wallS.toFixed(2)} s recorded`,
      `    ${take.onsets.length} clicks, ${missing} missing; max drift from the clicks' grid ${(maxDrift * 1000).toFixed(2)} ms, trend ${((slope / CLICK_PERIOD_S) * 1e6).toFixed(0)} ppm`,
      `    ${jumps.length} jumps over 2 ms between clicks${jumps.length ? `: ${jumps.map((j) => `${(j * 1000).toFixed(1)} ms`).join(', ')}` : ''}`,
    ];
  } finally {
    await page.close();
  }
}
