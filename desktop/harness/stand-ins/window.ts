import type { ServerResponse } from 'node:http';
import type { AppWindowLike } from '../../src/main/main-services';

/**
 * The app window without Electron: every browser tab showing the desktop renderer holds one
 * server-sent-events stream (GET /__harness/events), and what main would send to the window's
 * webContents is written to each of them. Besides main's own events the stream carries the
 * harness's asks for things only a browser can do here (open a tab, choose a file), on channels
 * starting with `harness:`.
 */
export function createWindowStandIn() {
  const pages = new Set<ServerResponse>();
  const write = (channel: string, payload: unknown) => {
    const frame = `data: ${JSON.stringify({ channel, payload })}\n\n`;
    for (const page of pages) page.write(frame);
  };
  const window: AppWindowLike & {
    attach(response: ServerResponse): void;
    pageCount(): number;
    harness(channel: string, payload: unknown): void;
    close(): void;
  } = {
    inView: () => pages.size > 0,
    show: () => {},
    send: write,
    harness: (channel, payload) => write(`harness:${channel}`, payload),
    attach(response) {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      pages.add(response);
      const keepAlive = setInterval(() => response.write(': ping\n\n'), 15_000);
      response.on('close', () => {
        clearInterval(keepAlive);
        pages.delete(response);
      });
    },
    pageCount: () => pages.size,
    close() {
      for (const page of pages) page.end();
      pages.clear();
    },
  };
  return window;
}

export type WindowStandIn = ReturnType<typeof createWindowStandIn>;
