// The preload's `window.beatroom` for a browser tab: the same named functions, built from the
// same IPC contract (buildDesktopApi), carried to the harness's main process over HTTP instead of
// Electron's IPC. Calls go to POST /__harness/ipc; main's events arrive on one server-sent-events
// stream. The session token never comes this way: the harness adds it to the page's API requests
// on their way to the server, as the app's session hook does.
import { buildDesktopApi } from '@beatroom/shared/ipc-contract';
import { decodeWire, encodeWire } from '../wire';
import { openHarnessDialog } from './file-dialog';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

/** What only a browser can do for the harness: the system browser, the default app, a dialog. */
function harnessEvent(channel: string, payload: Record<string, string>) {
  switch (channel) {
    case 'harness:openExternal':
    case 'harness:openPath':
      window.open(payload.url, '_blank', 'noopener');
      break;
    case 'harness:openDialog':
      openHarnessDialog(payload as { id: string; kind: string; accept: string });
      break;
    default:
      console.info(`[beatroom harness] ${channel}`, payload);
  }
}

const events = new EventSource('/__harness/events');
events.onmessage = (message: MessageEvent<string>) => {
  const { channel, payload } = decodeWire(message.data) as { channel: string; payload: unknown };
  if (channel.startsWith('harness:')) harnessEvent(channel, payload as Record<string, string>);
  else for (const listener of listeners.get(channel) ?? []) listener(payload);
};

const api = buildDesktopApi({
  async invoke(channel, request) {
    let response: Response;
    try {
      response = await fetch('/__harness/ipc', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: encodeWire({ channel, request }),
      });
    } catch {
      return { ok: false, error: 'The Beatroom app is not running (the harness main process stopped).' };
    }
    return decodeWire(await response.text());
  },
  subscribe(channel, listener) {
    const set = listeners.get(channel) ?? new Set<Listener>();
    listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  },
});

Object.defineProperty(window, 'beatroom', { value: Object.freeze(api), enumerable: true });
