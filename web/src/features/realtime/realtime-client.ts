import type { ConnectionStatus } from '@beatroom/shared/community-constants';
import {
  authMessage,
  heartbeatMessage,
  INITIAL_REALTIME_STATE,
  isNormalClose,
  outgoingFrame,
  parseServerMessage,
  realtimeTransition,
  type RealtimeEffect,
  type RealtimeEvent,
  type RealtimeState,
} from '@beatroom/shared/realtime-client-rules';
import type { ClientMessage, ServerMessage } from '@beatroom/shared/realtime-contract';

/** WebSocket.OPEN, spelled out: a stubbed WebSocket class need not carry the constants. */
const OPEN = 1;

/** The part of the browser's WebSocket constructor the client uses (tests pass a fake). */
export type WebSocketFactory = new (url: string) => WebSocket;

export interface RealtimeClientOptions {
  /** The socket's address, read at every (re)connect. */
  url: () => string;
  /** The signed-in user, named in the auth message. */
  userId: string;
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: ConnectionStatus) => void;
  /** Defaults to the global WebSocket, looked up when a socket is opened. */
  WebSocketImpl?: WebSocketFactory;
  /** Defaults to console; realtime failures are only logged. */
  logger?: Pick<Console, 'warn' | 'error'>;
  now?: () => number;
}

export interface RealtimeClient {
  /** Opens the connection (also after `error`, to try again). */
  connect(): void;
  /** Closes with 1000 and stops every timer; the client does not come back by itself. */
  disconnect(): void;
  /** Sends if the socket is open; otherwise the message is dropped with a warning. */
  send(message: ClientMessage): void;
  readonly status: ConnectionStatus;
}

/**
 * The realtime connection, driving a real WebSocket with the shared state
 * machine (realtimeTransition): it decides, this executes its effects (open, authenticate,
 * heartbeat, retry timers, close). Unknown messages are dropped by parseServerMessage.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  let state: RealtimeState = INITIAL_REALTIME_STATE;
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function send(message: ClientMessage) {
    const frame = outgoingFrame(socket !== null && socket.readyState === OPEN, message);
    if (frame.send) socket!.send(frame.data);
    else logger.warn(frame.warning);
  }

  function detach(target: WebSocket) {
    target.onopen = null;
    target.onclose = null;
    target.onmessage = null;
    target.onerror = null;
  }

  function openSocket() {
    const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
    let created: WebSocket;
    try {
      created = new Impl(options.url());
    } catch (error) {
      // A malformed URL throws at once; treat it as an abnormal close so the backoff applies.
      logger.error('Realtime connection failed:', error);
      queueMicrotask(() => apply({ type: 'close', code: 1006 }));
      return;
    }
    socket = created;
    created.onopen = () => {
      if (socket === created) apply({ type: 'open' });
    };
    created.onmessage = (event: MessageEvent) => {
      if (socket !== created) return;
      const message = parseServerMessage(event.data);
      if (message) options.onMessage(message);
    };
    created.onerror = () => {
      // The close event that follows carries the code and decides about retrying.
      logger.error('Realtime connection error');
    };
    created.onclose = (event: CloseEvent) => {
      if (socket !== created) return;
      socket = null;
      detach(created);
      if (!isNormalClose(event.code)) logger.warn(`Realtime connection closed (${event.code})`);
      apply({ type: 'close', code: event.code });
    };
  }

  function run(effect: RealtimeEffect) {
    switch (effect.type) {
      case 'open-socket':
        openSocket();
        break;
      case 'authenticate':
        send(authMessage(options.userId));
        break;
      case 'start-heartbeat':
        if (heartbeat !== null) clearInterval(heartbeat);
        heartbeat = setInterval(() => send(heartbeatMessage(now())), effect.intervalMs);
        break;
      case 'stop-heartbeat':
        if (heartbeat !== null) clearInterval(heartbeat);
        heartbeat = null;
        break;
      case 'schedule-retry':
        retryTimer = setTimeout(() => {
          retryTimer = null;
          apply({ type: 'retry' });
        }, effect.delayMs);
        break;
      case 'cancel-retry':
        if (retryTimer !== null) clearTimeout(retryTimer);
        retryTimer = null;
        break;
      case 'close-socket': {
        const closing = socket;
        socket = null;
        if (closing) {
          detach(closing);
          closing.close(effect.code);
        }
        break;
      }
    }
  }

  function apply(event: RealtimeEvent) {
    const previous = state.status;
    const transition = realtimeTransition(state, event);
    state = transition.state;
    transition.effects.forEach(run);
    if (state.status !== previous) options.onStatus?.(state.status);
  }

  return {
    connect: () => apply({ type: 'connect' }),
    disconnect: () => apply({ type: 'disconnect' }),
    send,
    get status() {
      return state.status;
    },
  };
}
