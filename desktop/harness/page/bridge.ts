// The preload's `window.beatroom` for a browser tab: the same named functions, built from the
// same IPC contract (buildDesktopApi), carried to the harness's main process over HTTP instead of
// Electron's IPC. Calls go to POST /__harness/ipc; main's events and the calls' answers arrive,
// in the order main sent them, on one server-sent-events stream. The session token never comes
// this way: the harness adds it to the page's API requests on their way to the server, as the
// app's session hook does.
import { buildDesktopApi } from '@beatroom/shared/ipc-contract';
import { decodeWire, encodeWire } from '../wire';
import { openHarnessDialog } from './file-dialog';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
/** Calls whose answer comes on this tab's stream, by call id. */
const waiting = new Map<string, (answer: unknown) => void>();
const NOT_RUNNING = {
  ok: false,
  error: 'The Beatroom app is not running (the harness main process stopped).',
};
let calls = 0;

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

function settle(call: string, answer: unknown) {
  waiting.get(call)?.(answer);
  waiting.delete(call);
}

// This tab's stream: main's events and the answers to its calls, in the order main sent them
// (stand-ins/window.ts says why answers come this way).
const page = crypto.randomUUID();
const events = new EventSource(`/__harness/events?page=${page}`);
const opened = new Promise<void>((resolve) => events.addEventListener('open', () => resolve()));
events.onmessage = (message: MessageEvent<string>) => {
  const frame = decodeWire(message.data) as {
    channel?: string;
    payload?: unknown;
    call?: string;
    answer?: unknown;
  };
  if (frame.call !== undefined) return settle(frame.call, frame.answer);
  const channel = String(frame.channel);
  if (channel.startsWith('harness:')) harnessEvent(channel, frame.payload as Record<string, string>);
  else for (const listener of listeners.get(channel) ?? []) listener(frame.payload);
};
// Main went away: answers still awaited will not come.
events.onerror = () => {
  for (const call of [...waiting.keys()]) settle(call, NOT_RUNNING);
};

async function post(channel: string, request: unknown, headers: Record<string, string> = {}) {
  return fetch('/__harness/ipc', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: encodeWire({ channel, request }),
  });
}

const api = buildDesktopApi({
  async invoke(channel, request) {
    // A call made while the stream is still connecting waits for it a little.
    if (events.readyState === EventSource.CONNECTING)
      await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 2000))]);
    if (events.readyState !== EventSource.OPEN) {
      try {
        return decodeWire(await (await post(channel, request)).text());
      } catch {
        return NOT_RUNNING;
      }
    }
    const call = String(++calls);
    // Resolved from the stream's message, so the caller sees the answer before any later event.
    const answered = new Promise<unknown>((resolve) => waiting.set(call, resolve));
    post(channel, request, { 'x-harness-page': page, 'x-harness-call': call }).then(
      async (response) => {
        // Main knew no stream of this tab (it restarted meanwhile): the answer is the response.
        if (response.status !== 202) settle(call, decodeWire(await response.text()));
      },
      () => settle(call, NOT_RUNNING),
    );
    return answered;
  },
  subscribe(channel, listener) {
    const set = listeners.get(channel) ?? new Set<Listener>();
    listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  },
});

Object.defineProperty(window, 'beatroom', { value: Object.freeze(api), enumerable: true });
