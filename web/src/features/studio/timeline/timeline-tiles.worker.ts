// The timeline's tile worker: draws the tiles whose OffscreenCanvases the page hands it (see
// timeline-tile-queue.ts and timeline-tile-painter.ts).
import { TILE_WIDTH } from './timeline-geometry';
import { TileQueue, type ToTileWorker } from './timeline-tile-queue';
import { TilePixels } from './timeline-pixels';

// The next tile is drawn in a task of its own, queued behind the page's messages that came in
// meanwhile (a message port, not a timer: nested timers are held back to 4 ms).
const turns = new MessageChannel();
let next: (() => void) | null = null;
turns.port1.onmessage = () => {
  const run = next;
  next = null;
  run?.();
};

const queue = new TileQueue(
  (drawn) => self.postMessage(drawn),
  (run) => {
    next = run;
    turns.port2.postMessage(null);
  },
);
self.onmessage = (event: MessageEvent<ToTileWorker>) => queue.receive(event.data);

// The pixel loops run once on made-up waveforms as the worker starts, while the page is still
// rendering the timeline: run cold, the first tile took ~75–125 ms against ~30 for the next ones.
const warm = new TilePixels(TILE_WIDTH, 400, 1);
const wave = new Float32Array(4 * TILE_WIDTH).map(
  (_, i) => (i % 2 ? 0.6 : -0.6) * Math.abs(Math.sin(i / 40)),
);
for (let lane = 0; lane < 8; lane++) {
  warm.rect(0, lane * 48 + 2, TILE_WIDTH, lane * 48 + 46, 1);
  warm.peaks(wave, 0, 2.5, 0, TILE_WIDTH, lane * 48 + 4, 40, 2);
}
