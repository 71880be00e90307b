// The realtime client (its connection and feeds) as pure rules: a
// state machine that says what to do (open, authenticate, heartbeat, retry), message parsing
// that ignores what it does not know, the send guard, and the activity feed reducer. The web
// and desktop apps drive a real WebSocket with these; nothing here touches one.
import { NORMAL_CLOSE_CODES, type ConnectionStatus } from './community-constants';
import { TIMINGS, UI } from './limits';
import type { ActivityItem } from './realtime-objects-contract';
import { ServerMessage, type ClientMessage } from './realtime-contract';

/**
 * Delay before reconnect attempt number `attempt` (1-based): 1 s, doubling, capped at 30 s
 * (1000, 2000, 4000, 8000, 16000, 30000, …). Anything below 1 is treated as 1.
 */
export function reconnectDelay(attempt: number): number {
  const n = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  // 2 ** 30 is already far past the cap; clamping the exponent keeps the number finite.
  return Math.min(TIMINGS.RECONNECT_CAP_MS, TIMINGS.RECONNECT_BASE_MS * 2 ** Math.min(n - 1, 30));
}

/** A close with 1000 or 1001 was on purpose: the client does not reconnect. */
export function isNormalClose(code: number): boolean {
  return (NORMAL_CLOSE_CODES as readonly number[]).includes(code);
}

export interface RealtimeState {
  status: ConnectionStatus;
  /** Reconnect attempts made since the last successful open. */
  attempts: number;
  /** A retry timer is pending (status is disconnected meanwhile). */
  retryPending: boolean;
}

export const INITIAL_REALTIME_STATE: RealtimeState = {
  status: 'disconnected',
  attempts: 0,
  retryPending: false,
};

/**
 * What happened: `connect` when a user exists (or the app asks to retry after error), `open`
 * and `close` from the socket, `retry` when a scheduled retry timer fires, `disconnect` when
 * the user is gone.
 */
export type RealtimeEvent =
  | { type: 'connect' }
  | { type: 'open' }
  | { type: 'close'; code: number }
  | { type: 'retry' }
  | { type: 'disconnect' };

/**
 * What the driver must do, in order. `open-socket`: create a WebSocket. `authenticate`: send
 * authMessage(userId). `start-heartbeat` / `stop-heartbeat`: the 30 s heartbeat timer.
 * `schedule-retry`: call back with `retry` after delayMs. `cancel-retry`: clear that timer.
 * `close-socket`: close with code 1000.
 */
export type RealtimeEffect =
  | { type: 'open-socket' }
  | { type: 'authenticate' }
  | { type: 'start-heartbeat'; intervalMs: number }
  | { type: 'stop-heartbeat' }
  | { type: 'schedule-retry'; delayMs: number; attempt: number }
  | { type: 'cancel-retry' }
  | { type: 'close-socket'; code: number };

export interface RealtimeTransition {
  state: RealtimeState;
  effects: RealtimeEffect[];
}

const same = (state: RealtimeState): RealtimeTransition => ({ state, effects: [] });

/**
 * The connection state machine. Statuses: disconnected → connecting → connected; an abnormal
 * close retries with reconnectDelay, at most RECONNECT_MAX_ATTEMPTS times, then `error`; a
 * normal close (1000/1001) or the user leaving ends in `disconnected` with no retry. Events that
 * make no sense in the current state change nothing.
 */
export function realtimeTransition(state: RealtimeState, event: RealtimeEvent): RealtimeTransition {
  switch (event.type) {
    case 'connect':
      if (state.status === 'connecting' || state.status === 'connected') return same(state);
      return {
        state: { status: 'connecting', attempts: 0, retryPending: false },
        effects: [
          ...(state.retryPending ? [{ type: 'cancel-retry' } as const] : []),
          { type: 'open-socket' },
        ],
      };
    case 'open':
      if (state.status !== 'connecting') return same(state);
      return {
        state: { status: 'connected', attempts: 0, retryPending: false },
        effects: [{ type: 'authenticate' }, { type: 'start-heartbeat', intervalMs: TIMINGS.HEARTBEAT_MS }],
      };
    case 'close': {
      if (state.status !== 'connecting' && state.status !== 'connected') return same(state);
      const stop: RealtimeEffect[] = state.status === 'connected' ? [{ type: 'stop-heartbeat' }] : [];
      if (isNormalClose(event.code)) {
        return { state: { status: 'disconnected', attempts: 0, retryPending: false }, effects: stop };
      }
      if (state.attempts >= TIMINGS.RECONNECT_MAX_ATTEMPTS) {
        return { state: { status: 'error', attempts: state.attempts, retryPending: false }, effects: stop };
      }
      const attempt = state.attempts + 1;
      return {
        state: { status: 'disconnected', attempts: attempt, retryPending: true },
        effects: [...stop, { type: 'schedule-retry', delayMs: reconnectDelay(attempt), attempt }],
      };
    }
    case 'retry':
      if (!state.retryPending) return same(state);
      return {
        state: { status: 'connecting', attempts: state.attempts, retryPending: false },
        effects: [{ type: 'open-socket' }],
      };
    case 'disconnect': {
      const effects: RealtimeEffect[] = [];
      if (state.retryPending) effects.push({ type: 'cancel-retry' });
      if (state.status === 'connected') effects.push({ type: 'stop-heartbeat' });
      if (state.status === 'connected' || state.status === 'connecting') {
        effects.push({ type: 'close-socket', code: 1000 });
      }
      return { state: INITIAL_REALTIME_STATE, effects };
    }
  }
}

/** The message sent right after opening. */
export function authMessage(userId: string): ClientMessage {
  return { type: 'auth', data: { userId } };
}

/** The message sent every TIMINGS.HEARTBEAT_MS. */
export function heartbeatMessage(now: number): ClientMessage {
  return { type: 'heartbeat', timestamp: now };
}

/**
 * Parses one frame from the server. Anything that is not JSON or not a known message (an
 * unknown type or subtype, a missing field) gives null, and the client ignores it.
 */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = ServerMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export type OutgoingFrame = { send: true; data: string } | { send: false; warning: string };

/**
 * The send guard: only an open socket sends; otherwise the message is dropped and the caller
 * logs the warning ("Sending while the socket is not open is dropped").
 */
export function outgoingFrame(socketOpen: boolean, message: ClientMessage): OutgoingFrame {
  if (!socketOpen) {
    return { send: false, warning: `Realtime socket not open: dropped a ${message.type} message` };
  }
  return { send: true, data: JSON.stringify(message) };
}

/**
 * The activity feed: newest first, at most UI.ACTIVITY_FEED_MAX
 * items. initial_feed replaces it; new_activity prepends (an id already present moves to the
 * top instead of appearing twice). Other messages leave the feed as it is (same array).
 */
export function activityFeedReducer(feed: readonly ActivityItem[], message: ServerMessage): ActivityItem[] {
  if (message.type !== 'activity') return feed as ActivityItem[];
  if (message.data.type === 'initial_feed') return message.data.activities.slice(0, UI.ACTIVITY_FEED_MAX);
  const item = message.data.activity;
  return [item, ...feed.filter((a) => a.id !== item.id)].slice(0, UI.ACTIVITY_FEED_MAX);
}
