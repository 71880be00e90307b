import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { createRealtimeClient } from './realtime-client';

const USER_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

function setup() {
  const onMessage = vi.fn<(message: ServerMessage) => void>();
  const onStatus = vi.fn();
  const logger = { warn: vi.fn(), error: vi.fn() };
  const client = createRealtimeClient({
    url: () => 'ws://beatroom.test/api/ws',
    userId: USER_ID,
    onMessage,
    onStatus,
    logger,
    now: () => 1234,
  });
  return { client, onMessage, onStatus, logger };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the realtime client', () => {
  it('connects to the given address and authenticates only after the socket opens', () => {
    const { client, onStatus } = setup();
    client.connect();

    const socket = FakeWebSocket.latest;
    expect(socket.url).toBe('ws://beatroom.test/api/ws');
    expect(client.status).toBe('connecting');
    expect(socket.sent).toEqual([]);

    socket.open();
    expect(client.status).toBe('connected');
    expect(socket.sent).toEqual([{ type: 'auth', data: { userId: USER_ID } }]);
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['connecting', 'connected']);
  });

  it('sends a heartbeat every 30 seconds while connected', () => {
    const { client } = setup();
    client.connect();
    const socket = FakeWebSocket.latest;
    socket.open();
    const heartbeats = () => socket.sent.filter((m) => (m as { type: string }).type === 'heartbeat');

    vi.advanceTimersByTime(29_999);
    expect(heartbeats()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(heartbeats()).toEqual([{ type: 'heartbeat', timestamp: 1234 }]);
    vi.advanceTimersByTime(60_000);
    expect(heartbeats()).toHaveLength(3);

    // A lost connection stops the heartbeat.
    socket.serverClose(1006);
    vi.advanceTimersByTime(30_000);
    expect(heartbeats()).toHaveLength(3);
  });

  it('retries an abnormal close after 1, 2, 4, 8 and 16 seconds, then gives up with error', () => {
    const { client, logger } = setup();
    client.connect();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(1006);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(client.status).toBe('disconnected');
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before && waited < 60_000) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
      expect(client.status).toBe('connecting');
      FakeWebSocket.latest.serverClose(1006);
    }

    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(client.status).toBe('error');
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
    expect(logger.warn).toHaveBeenCalledWith('Realtime connection closed (1006)');
  });

  it('starts counting again after a successful reopen', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.latest.serverClose(1011);
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest.serverClose(1011);
    vi.advanceTimersByTime(2000);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(1011);

    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it.each([1000, 1001])('does not reconnect after a normal close (%i)', (code) => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(code);

    expect(client.status).toBe('disconnected');
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('passes known messages on and ignores unknown types and broken frames', () => {
    const { client, onMessage } = setup();
    client.connect();
    const socket = FakeWebSocket.latest;
    socket.open();

    socket.receive({ type: 'mystery', data: { anything: true } });
    socket.receive({ type: 'notification', data: { type: 'confetti' } });
    socket.receive('not json at all');
    expect(onMessage).not.toHaveBeenCalled();

    socket.receive({ type: 'notification', data: { type: 'unread_count_updated', count: 3 } });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({
      type: 'notification',
      data: { type: 'unread_count_updated', count: 3 },
    });
  });

  it('drops a message sent while the socket is not open, with a warning', () => {
    const { client, logger } = setup();
    client.send({ type: 'heartbeat', timestamp: 1 });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('dropped a heartbeat message'));

    client.connect();
    const socket = FakeWebSocket.latest;
    client.send({ type: 'notification', data: { type: 'unsubscribe', channel: 'activity' } });
    expect(socket.sent).toEqual([]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('closes with 1000 on disconnect and stays closed', () => {
    const { client } = setup();
    client.connect();
    const socket = FakeWebSocket.latest;
    socket.open();

    client.disconnect();
    expect(socket.closedWith).toBe(1000);
    expect(client.status).toBe('disconnected');
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'heartbeat')).toHaveLength(0);
  });

  it('cancels a pending retry when disconnected, and connects again on request after error', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.latest.serverClose(1006);
    client.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    client.connect();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(client.status).toBe('connecting');
  });
});
