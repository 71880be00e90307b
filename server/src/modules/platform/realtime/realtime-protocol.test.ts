import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { describe, expect, it, vi } from 'vitest';
import { toFrame } from './event-bus';
import { createRealtimeProtocol, type InitialState } from './realtime-protocol';
import { FakeSocket } from '../../../../test/fake-realtime-socket';
import { createSocketHub } from './socket-hub';

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(initialState: InitialState = async () => []) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const hub = createSocketHub(log);
  const presenceChanged = vi.fn();
  const protocol = createRealtimeProtocol({ hub, log, presenceChanged, initialState });
  const open = async (userId = 'ann', sessionHash = `session-of-${userId}`) => {
    const socket = new FakeSocket();
    const client = protocol.connect(socket, { userId, sessionHash });
    await flush();
    return { socket, client };
  };
  return { hub, log, presenceChanged, open };
}

describe('realtime protocol: connecting', () => {
  it('joins the hub, counts as a presence change, and sends connected then the initial state', async () => {
    const initialState = vi.fn(async (userId: string): Promise<ServerMessage[]> => [
      { type: 'activity', data: { type: 'initial_feed', activities: [] } },
      { type: 'notification', data: { type: 'unread_count_updated', count: userId === 'ann' ? 3 : 0 } },
    ]);
    const { hub, presenceChanged, open } = setup(initialState);
    const { socket, client } = await open('ann');
    expect(client).not.toBeNull();
    expect(hub.hasUser('ann')).toBe(true);
    expect(presenceChanged).toHaveBeenCalledTimes(1);
    expect(initialState).toHaveBeenCalledWith('ann');
    expect(socket.sent).toEqual([
      { type: 'notification', data: { type: 'connected', userId: 'ann' } },
      { type: 'activity', data: { type: 'initial_feed', activities: [] } },
      { type: 'notification', data: { type: 'unread_count_updated', count: 3 } },
    ]);
  });

  it('closes a socket whose session ended during the upgrade with 1000, and sends nothing', async () => {
    const { hub, presenceChanged, open } = setup();
    hub.endSessions(['ended-session']);
    const { socket, client } = await open('ann', 'ended-session');
    expect(client).toBeNull();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Signed out' });
    expect(socket.sent).toEqual([]);
    expect(hub.hasUser('ann')).toBe(false);
    expect(presenceChanged).not.toHaveBeenCalled();
  });

  it('keeps the socket open when the initial state fails, and logs it', async () => {
    const { log, open } = setup(async () => {
      throw new Error('database away');
    });
    const { socket } = await open();
    expect(socket.types()).toEqual(['connected']);
    expect(socket.closedWith).toBeNull();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'ann' }),
      'realtime initial state failed',
    );
  });

  it('leaves the hub on close, which is a presence change', async () => {
    const { hub, presenceChanged, open } = setup();
    const { socket } = await open();
    socket.emit('close');
    expect(hub.hasUser('ann')).toBe(false);
    expect(hub.presence().sockets).toBe(0);
    expect(presenceChanged).toHaveBeenCalledTimes(2);
  });
});

describe('realtime protocol: client messages', () => {
  it('closes with 1008 when auth names another user; auth naming the session user changes nothing', async () => {
    const { open } = setup();
    const { socket: right } = await open('ann');
    right.receive({ type: 'auth', data: { userId: 'ann' } });
    expect(right.closedWith).toBeNull();
    const { socket: wrong } = await open('ann');
    wrong.receive({ type: 'auth', data: { userId: 'bob' } });
    expect(wrong.closedWith).toEqual({ code: 1008, reason: 'Not the signed-in user' });
  });

  it('answers a heartbeat with the same timestamp', async () => {
    const { open } = setup();
    const { socket } = await open();
    socket.receive({ type: 'heartbeat', timestamp: 42 });
    expect(socket.sent.at(-1)).toEqual({ type: 'heartbeat', timestamp: 42 });
  });

  it.each([
    ['not JSON', 'not json at all'],
    ['an unknown type', { type: 'mystery', data: 1 }],
    ['a heartbeat without timestamp', { type: 'heartbeat' }],
    ['auth without a user', { type: 'auth', data: {} }],
    ['an unknown subscription verb', { type: 'notification', data: { type: 'mute', channel: 'activity' } }],
  ])('ignores %s: nothing sent, socket open', async (_name, message) => {
    const { open } = setup();
    const { socket } = await open();
    const before = socket.sent.length;
    socket.receive(message);
    expect(socket.sent).toHaveLength(before);
    expect(socket.closedWith).toBeNull();
  });

  it('stops a channel after unsubscribe and resumes after subscribe; unknown channels are ignored', async () => {
    const { hub, open } = setup();
    const { socket, client } = await open();
    const activity = toFrame({ type: 'activity', data: { type: 'initial_feed', activities: [] } });
    const announcement = toFrame({
      type: 'notification',
      data: { type: 'system_announcement', message: 'hi', severity: 'info' },
    });

    socket.receive({ type: 'notification', data: { type: 'unsubscribe', channel: 'activity' } });
    socket.receive({ type: 'notification', data: { type: 'unsubscribe', channel: 'no-such-channel' } });
    expect([...client!.unsubscribed]).toEqual(['activity']);
    await hub.broadcast(activity);
    await hub.broadcast(announcement);
    expect(socket.types()).toEqual(['connected', 'system_announcement']);

    socket.receive({ type: 'notification', data: { type: 'subscribe', channel: 'activity' } });
    await hub.broadcast(activity);
    expect(socket.types()).toEqual(['connected', 'system_announcement', 'initial_feed']);
  });
});

describe('realtime protocol: liveness', () => {
  it('a pong (or any message) keeps the socket through the ping sweep; silence ends it', async () => {
    const { hub, open } = setup();
    const { socket: answering } = await open('ann');
    const { socket: chatty } = await open('bob');
    const { socket: silent } = await open('cy');

    await hub.sweep(); // first round: everyone is pinged
    expect([answering.pings, chatty.pings, silent.pings]).toEqual([1, 1, 1]);
    answering.emit('pong');
    chatty.receive({ type: 'heartbeat', timestamp: 1 });

    await hub.sweep(); // second round: the silent one did not answer
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(chatty.terminated).toBe(false);
    expect([answering.pings, chatty.pings]).toEqual([2, 2]);
  });
});
