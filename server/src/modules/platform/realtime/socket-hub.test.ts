import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { toFrame } from './event-bus';
import {
  createSocketHub,
  ENDED_SESSION_MEMORY_MS,
  FANOUT_SLICE,
  MAX_BUFFERED_BYTES,
  type Client,
} from './socket-hub';

function fakeClient(userId: string, bufferedAmount = 0, sessionHash = `session-of-${userId}`) {
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: vi.fn(),
    ping: vi.fn(),
    terminate: vi.fn(),
    close: vi.fn(),
  };
  const client: Client = {
    socket: socket as unknown as WebSocket,
    userId,
    sessionHash,
    alive: true,
    unsubscribed: new Set(),
  };
  return { client, socket };
}

const log = { warn: vi.fn() };
const announcement = toFrame({
  type: 'notification',
  data: { type: 'system_announcement', message: 'hi', severity: 'info' },
});

describe('socket hub', () => {
  it('fans out in slices, yielding to the event loop between them, one buffer for all', async () => {
    const hub = createSocketHub(log);
    const fakes = Array.from({ length: FANOUT_SLICE * 2 + 10 }, (_, i) => fakeClient(`u${i}`));
    for (const f of fakes) hub.add(f.client);
    let sentBeforeYield = -1;
    setImmediate(() => {
      sentBeforeYield = fakes.filter((f) => f.socket.send.mock.calls.length).length;
    });
    await hub.broadcast(announcement);
    expect(sentBeforeYield).toBe(FANOUT_SLICE);
    expect(fakes.every((f) => f.socket.send.mock.calls.length === 1)).toBe(true);
    const buffers = new Set(fakes.map((f) => f.socket.send.mock.calls[0]![0]));
    expect(buffers.size).toBe(1);
  });

  it("delivers to a user's sockets only, and respects unsubscribed channels", async () => {
    const hub = createSocketHub(log);
    const a1 = fakeClient('a');
    const a2 = fakeClient('a');
    const b = fakeClient('b');
    a2.client.unsubscribed.add('notifications');
    for (const f of [a1, a2, b]) hub.add(f.client);
    await hub.toUsers([
      {
        userId: 'a',
        frames: [toFrame({ type: 'notification', data: { type: 'unread_count_updated', count: 2 } })],
      },
    ]);
    expect(a1.socket.send).toHaveBeenCalledTimes(1);
    expect(a2.socket.send).not.toHaveBeenCalled();
    expect(b.socket.send).not.toHaveBeenCalled();
  });

  it('drops a socket that is not keeping up', async () => {
    const hub = createSocketHub(log);
    const slow = fakeClient('s', MAX_BUFFERED_BYTES + 1);
    hub.add(slow.client);
    await hub.broadcast(announcement);
    expect(slow.socket.send).not.toHaveBeenCalled();
    expect(slow.socket.terminate).toHaveBeenCalled();
  });

  it('pings live sockets and terminates one that missed the previous ping', async () => {
    const hub = createSocketHub(log);
    const answering = fakeClient('a');
    const dead = fakeClient('d');
    hub.add(answering.client);
    hub.add(dead.client);
    await hub.sweep();
    expect(answering.socket.ping).toHaveBeenCalledTimes(1);
    expect(dead.socket.ping).toHaveBeenCalledTimes(1);
    answering.client.alive = true; // its pong arrived
    await hub.sweep();
    expect(answering.socket.terminate).not.toHaveBeenCalled();
    expect(dead.socket.terminate).toHaveBeenCalledTimes(1);
  });

  it('tracks presence by user and socket', () => {
    const hub = createSocketHub(log);
    const a1 = fakeClient('a');
    const a2 = fakeClient('a');
    hub.add(a1.client);
    hub.add(a2.client);
    hub.add(fakeClient('b').client);
    expect(hub.presence()).toMatchObject({ userCount: 2, sockets: 3 });
    hub.remove(a1.client);
    hub.remove(a2.client);
    expect(hub.presence()).toMatchObject({ userCount: 1, sockets: 1 });
    expect(hub.hasUser('a')).toBe(false);
  });

  it("closes an ended session's sockets with 1000 and leaves the user's other sessions open", () => {
    const hub = createSocketHub(log);
    const laptopTab1 = fakeClient('a', 0, 'laptop');
    const laptopTab2 = fakeClient('a', 0, 'laptop');
    const phone = fakeClient('a', 0, 'phone');
    const other = fakeClient('b', 0, 'b-session');
    for (const f of [laptopTab1, laptopTab2, phone, other]) hub.add(f.client);
    hub.endSessions(['laptop', 'unknown-session']);
    expect(laptopTab1.socket.close).toHaveBeenCalledWith(1000, 'Signed out');
    expect(laptopTab2.socket.close).toHaveBeenCalledWith(1000, 'Signed out');
    expect(phone.socket.close).not.toHaveBeenCalled();
    expect(other.socket.close).not.toHaveBeenCalled();
  });

  it('refuses a socket of a session that ended while it was connecting, for a while', async () => {
    let clock = 1_000_000;
    const hub = createSocketHub(log, () => clock);
    hub.endSessions(['gone']);
    const late = fakeClient('a', 0, 'gone');
    expect(hub.add(late.client)).toBe(false);
    expect(late.socket.close).toHaveBeenCalledWith(1000, 'Signed out');
    expect(hub.presence()).toMatchObject({ sockets: 0 });

    clock += ENDED_SESSION_MEMORY_MS + 1;
    await hub.sweep();
    expect(hub.add(fakeClient('a', 0, 'gone').client)).toBe(true);
  });
});
