import { describe, expect, it } from 'vitest';
import { ProfileUpdateBody } from './community-contract';
import { TIMINGS, UI } from './limits';
import {
  activityFeedReducer,
  authMessage,
  heartbeatMessage,
  INITIAL_REALTIME_STATE,
  isNormalClose,
  outgoingFrame,
  parseServerMessage,
  realtimeTransition,
  reconnectDelay,
  type RealtimeEvent,
  type RealtimeState,
} from './realtime-client-rules';
import { channelOf, type ServerMessage } from './realtime-contract';
import type { ActivityItem } from './realtime-objects-contract';

describe('reconnectDelay (1 s doubling, capped at 30 s)', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 16000],
    [6, 30000],
    [7, 30000],
    [50, 30000],
    [0, 1000],
    [-3, 1000],
    [Number.NaN, 1000],
  ])('attempt %s waits %s ms', (attempt, ms) => {
    expect(reconnectDelay(attempt)).toBe(ms);
  });
});

describe('isNormalClose', () => {
  it.each([
    [1000, true],
    [1001, true],
    [1006, false],
    [1008, false],
    [1011, false],
    [4000, false],
  ])('code %s → %s', (code, normal) => {
    expect(isNormalClose(code)).toBe(normal);
  });
});

function run(events: RealtimeEvent[], from: RealtimeState = INITIAL_REALTIME_STATE) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const t = realtimeTransition(state, event);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

describe('realtimeTransition', () => {
  it('connect opens a socket; open authenticates and starts the 30 s heartbeat', () => {
    const { state, effects } = run([{ type: 'connect' }, { type: 'open' }]);
    expect(state).toEqual({ status: 'connected', attempts: 0, retryPending: false });
    expect(effects).toEqual([
      { type: 'open-socket' },
      { type: 'authenticate' },
      { type: 'start-heartbeat', intervalMs: TIMINGS.HEARTBEAT_MS },
    ]);
  });

  it.each([1000, 1001])('a normal close (%s) does not reconnect', (code) => {
    const { state, effects } = run([{ type: 'connect' }, { type: 'open' }, { type: 'close', code }]);
    expect(state.status).toBe('disconnected');
    expect(effects.some((e) => e.type === 'schedule-retry')).toBe(false);
    expect(effects.at(-1)).toEqual({ type: 'stop-heartbeat' });
  });

  it('abnormal closes retry 5 times with 1, 2, 4, 8, 16 s, then the status is error', () => {
    let state = run([{ type: 'connect' }, { type: 'open' }]).state;
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const closed = realtimeTransition(state, { type: 'close', code: 1006 });
      state = closed.state;
      const retry = closed.effects.find((e) => e.type === 'schedule-retry');
      if (!retry) break;
      delays.push(retry.delayMs);
      expect(state.status).toBe('disconnected');
      state = realtimeTransition(state, { type: 'retry' }).state;
      expect(state.status).toBe('connecting');
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(delays).toHaveLength(TIMINGS.RECONNECT_MAX_ATTEMPTS);
    expect(state.status).toBe('error');
  });

  it('a successful reconnect resets the attempt count', () => {
    const { state } = run([
      { type: 'connect' },
      { type: 'close', code: 1006 },
      { type: 'retry' },
      { type: 'close', code: 1006 },
      { type: 'retry' },
      { type: 'open' },
    ]);
    expect(state).toEqual({ status: 'connected', attempts: 0, retryPending: false });
  });

  it('the user leaving cancels a pending retry and closes an open socket with 1000', () => {
    expect(run([{ type: 'connect' }, { type: 'close', code: 1006 }, { type: 'disconnect' }]).effects).toEqual(
      [
        { type: 'open-socket' },
        { type: 'schedule-retry', delayMs: 1000, attempt: 1 },
        { type: 'cancel-retry' },
      ],
    );
    const open = run([{ type: 'connect' }, { type: 'open' }, { type: 'disconnect' }]);
    expect(open.state).toEqual(INITIAL_REALTIME_STATE);
    expect(open.effects.slice(-2)).toEqual([
      { type: 'stop-heartbeat' },
      { type: 'close-socket', code: 1000 },
    ]);
  });

  it('connect after error starts over', () => {
    const error: RealtimeState = { status: 'error', attempts: 5, retryPending: false };
    expect(run([{ type: 'connect' }], error).state).toEqual({
      status: 'connecting',
      attempts: 0,
      retryPending: false,
    });
  });

  it.each<[RealtimeState['status'], RealtimeEvent]>([
    ['disconnected', { type: 'open' }],
    ['disconnected', { type: 'close', code: 1006 }],
    ['disconnected', { type: 'retry' }],
    ['connected', { type: 'connect' }],
    ['error', { type: 'close', code: 1006 }],
  ])('in %s, %j changes nothing', (status, event) => {
    const state: RealtimeState = { status, attempts: 0, retryPending: false };
    expect(realtimeTransition(state, event)).toEqual({ state, effects: [] });
  });
});

const item = (id: string): ActivityItem => ({
  id,
  type: 'beat_uploaded',
  userId: 'u1',
  userName: 'Ann',
  userAvatar: null,
  targetId: 'b1',
  targetName: 'Beat',
  timestamp: '2026-11-22T10:00:00.000Z',
  metadata: {},
});

describe('parseServerMessage: unknown types are ignored', () => {
  it.each<[string, unknown]>([
    ['not JSON', '{nope'],
    ['an unknown type', JSON.stringify({ type: 'mystery', data: {} })],
    ['an unknown subtype', JSON.stringify({ type: 'activity', data: { type: 'mystery' } })],
    ['a missing field', JSON.stringify({ type: 'notification', data: { type: 'unread_count_updated' } })],
    [
      'a bad severity',
      { type: 'notification', data: { type: 'system_announcement', message: 'x', severity: 'x' } },
    ],
    ['null', null],
  ])('%s gives null', (_label, raw) => {
    expect(parseServerMessage(raw)).toBeNull();
  });

  it.each<[string, ServerMessage]>([
    ['unread count', { type: 'notification', data: { type: 'unread_count_updated', count: 3 } }],
    ['connected', { type: 'notification', data: { type: 'connected', userId: 'u1' } }],
    [
      'announcement',
      { type: 'notification', data: { type: 'system_announcement', message: 'Hi', severity: 'info' } },
    ],
    ['initial feed', { type: 'activity', data: { type: 'initial_feed', activities: [item('a')] } }],
    ['heartbeat', { type: 'heartbeat', timestamp: 5 }],
  ])('%s parses from text and from an object', (_label, message) => {
    expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
    expect(parseServerMessage(message)).toEqual(message);
  });
});

describe('outgoingFrame: sends while closed are dropped with a warning', () => {
  it('sends JSON on an open socket', () => {
    expect(outgoingFrame(true, authMessage('u1'))).toEqual({
      send: true,
      data: '{"type":"auth","data":{"userId":"u1"}}',
    });
  });
  it('drops on a closed socket and says why', () => {
    const frame = outgoingFrame(false, heartbeatMessage(1));
    expect(frame.send).toBe(false);
    expect(frame.send === false && frame.warning).toMatch(/not open.*heartbeat/);
  });
});

describe('activityFeedReducer (max 50, initial_feed replaces, new_activity prepends)', () => {
  const many = Array.from({ length: 60 }, (_, i) => item(`i${i}`));
  it.each<[string, ActivityItem[], ServerMessage, string[]]>([
    [
      'initial_feed replaces',
      [item('old')],
      { type: 'activity', data: { type: 'initial_feed', activities: [item('a'), item('b')] } },
      ['a', 'b'],
    ],
    [
      'new_activity prepends',
      [item('a')],
      { type: 'activity', data: { type: 'new_activity', activity: item('n') } },
      ['n', 'a'],
    ],
    [
      'a repeated id moves to the top once',
      [item('a'), item('b')],
      { type: 'activity', data: { type: 'new_activity', activity: item('b') } },
      ['b', 'a'],
    ],
    ['other messages leave it', [item('a')], { type: 'heartbeat', timestamp: 1 }, ['a']],
  ])('%s', (_label, feed, message, ids) => {
    expect(activityFeedReducer(feed, message).map((a) => a.id)).toEqual(ids);
  });

  it('keeps at most 50 items', () => {
    const initial = activityFeedReducer([], {
      type: 'activity',
      data: { type: 'initial_feed', activities: many },
    });
    expect(initial).toHaveLength(UI.ACTIVITY_FEED_MAX);
    const next = activityFeedReducer(initial, {
      type: 'activity',
      data: { type: 'new_activity', activity: item('new') },
    });
    expect(next).toHaveLength(UI.ACTIVITY_FEED_MAX);
    expect(next[0]!.id).toBe('new');
    expect(next.at(-1)!.id).toBe('i48');
  });
});

describe('channelOf', () => {
  it.each<[ServerMessage, string | null]>([
    [{ type: 'notification', data: { type: 'unread_count_updated', count: 1 } }, 'notifications'],
    [{ type: 'notification', data: { type: 'connected', userId: 'u' } }, null],
    [
      { type: 'notification', data: { type: 'system_announcement', message: 'm', severity: 'warning' } },
      null,
    ],
    [{ type: 'activity', data: { type: 'initial_feed', activities: [] } }, 'activity'],
    [{ type: 'heartbeat', timestamp: 1 }, null],
  ])('%j → %s', (message, channel) => {
    expect(channelOf(message)).toBe(channel);
  });
});

describe('ProfileUpdateBody', () => {
  it.each<[string, unknown, unknown]>([
    ['strips a leading @ from handles', { twitter_handle: '@beatmaker' }, { twitter_handle: 'beatmaker' }],
    ['clears blank fields', { bio: '  ', website_url: '' }, { bio: null, website_url: null }],
    ['keeps http(s) URLs', { website_url: 'https://x.example/a' }, { website_url: 'https://x.example/a' }],
    ['accepts a music role', { user_role: 'producer' }, { user_role: 'producer' }],
  ])('%s', (_label, input, output) => {
    expect(ProfileUpdateBody.parse(input)).toEqual(output);
  });

  it.each<[string, unknown]>([
    ['a javascript: URL', { website_url: 'javascript:alert(1)' }],
    ['an ftp URL', { spotify_url: 'ftp://x.example' }],
    ['not a URL', { soundcloud_url: 'soundcloud' }],
    ['a handle with a space', { instagram_handle: 'two words' }],
    ['a handle over 30 characters', { tiktok_handle: 'a'.repeat(31) }],
    ['a display name over 60', { display_name: 'n'.repeat(61) }],
    ['a bio over 500', { bio: 'b'.repeat(501) }],
    ['an unknown role', { user_role: 'astronaut' }],
  ])('refuses %s', (_label, input) => {
    expect(ProfileUpdateBody.safeParse(input).success).toBe(false);
  });
});
