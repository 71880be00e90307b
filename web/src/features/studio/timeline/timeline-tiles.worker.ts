// The timeline's tile worker: draws the tiles whose OffscreenCanvases the page hands it (see
// timeline-tile-queue.ts and timeline-tile-painter.ts).
import { TileQueue, type ToTileWorker } from './timeline-tile-queue';

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
