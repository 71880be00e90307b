import type { ServerResponse } from 'node:http';
import type { AppWindowLike } from '../../src/main/main-services';
import { encodeWire } from '../wire';

/**
 * The app window without Electron: every browser tab showing the desktop renderer holds one
 * server-sent-events stream (GET /__harness/events?page=<id>), and what main would send to the
 * window's webContents is written to each of them. Besides main's own events the stream carries
 * the harness's asks for things only a browser can do here (open a tab, choose a file), on
 * channels starting with `harness:`, and the answers to that tab's IPC calls (`answer`).
 *
 * Answers go down the same stream as events because Electron delivers both to a renderer in the
 * order main sent them: an answer computed before an event is seen before it. On two connections
 * (the call's HTTP response and the stream) an event could overtake an older answer, and the
 * page would then keep the older state (an upload listed as "Creating beat" after main said
 * "Uploaded") until the next event, which may never come.
 */
export function createWindowStandIn() {
  const pages = new Map<ServerResponse, string | null>();
  const frame = (data: string) => `data: ${data}\n\n`;
  const write = (channel: string, payload: unknown) => {
    const data = frame(encodeWire({ channel, payload }));
    for (const page of pages.keys()) page.write(data);
  };
  const window: AppWindowLike & {
    attach(response: ServerResponse, pageId?: string | null): void;
    answer(pageId: string, call: string, answer: unknown): boolean;
    pageCount(): number;
    harness(channel: string, payload: unknown): void;
    close(): void;
  } = {
    inView: () => pages.size > 0,
    show: () => {},
    send: write,
    harness: (channel, payload) => write(`harness:${channel}`, payload),
    attach(response, pageId = null) {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      pages.set(response, pageId);
      const keepAlive = setInterval(() => response.write(': ping\n\n'), 15_000);
      response.on('close', () => {
        clearInterval(keepAlive);
        pages.delete(response);
      });
    },
    /** Writes a call's answer to the stream of the tab that made it; false when it has none. */
    answer(pageId, call, answer) {
      const page = [...pages].find(([, id]) => id === pageId)?.[0];
      if (!page) return false;
      page.write(frame(encodeWire({ call, answer })));
      return true;
    },
    pageCount: () => pages.size,
    close() {
      for (const page of pages.keys()) page.end();
      pages.clear();
    },
  };
  return window;
}

export type WindowStandIn = ReturnType<typeof createWindowStandIn>;
