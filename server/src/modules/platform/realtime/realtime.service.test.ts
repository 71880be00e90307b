import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { LiveStats } from '@beatroom/shared/realtime-objects-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../../test/fake-realtime-socket';
import { createLocalEventBus } from './event-bus';
import { createRealtimeService, type RealtimeService } from './realtime.service';
import { createSocketHub } from './socket-hub';

const log = { warn: vi.fn(), error: vi.fn() };
let service: RealtimeService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
});

function setup(liveStatsIntervalMs = 30) {
  service = createRealtimeService({
    bus: createLocalEventBus(log),
    hub: createSocketHub(log),
    log,
    liveStatsIntervalMs,
  });
  const realtime = service;
  /** When each read began: the throttle is judged by these, not by when the test saw a push. */
  const readAt: number[] = [];
  // The live feature's figures, reduced to what presence decides (the rest is live.test.ts's).
  const statsRead = vi.fn(async (): Promise<LiveStats> => {
    readAt.push(Date.now());
    const { connectedUsers, activeSessions } = await realtime.presence();
    return { connectedUsers, activeSessions, totalPlaying: 0, totalListening: 0, recentActivities: 0 };
  });
  realtime.setLiveStatsSource(statsRead);
  const open = (userId: string, sessionHash = `session-of-${userId}`) => {
    const socket = new FakeSocket();
    realtime.connect(socket, { userId, sessionHash });
    return socket;
  };
  return { realtime, statsRead, readAt, open };
}

const liveStats = (socket: FakeSocket) =>
  socket.sent.flatMap((m) => (m.type === 'live_stats' ? [m.data] : []));
const online = (users: number, sessions: number) =>
  expect.objectContaining({ connectedUsers: users, activeSessions: sessions });

describe('live stats over the socket, pushed without waiting for the refresh', () => {
  it('a newcomer gets live stats that count its own socket, without asking', async () => {
    const { open } = setup();
    const ann = open('ann');
    await vi.waitFor(() => expect(liveStats(ann)).toEqual([online(1, 1)]));
  });

  it('everyone gets fresh numbers when sockets come and go', async () => {
    const { open } = setup();
    const ann = open('ann');
    await vi.waitFor(() => expect(liveStats(ann).at(-1)).toEqual(online(1, 1)));
    const bob = open('bob');
    // Bob on his phone: another session of the same user.
    const bobAgain = open('bob', 'bob-phone');
    await vi.waitFor(() => {
      expect(liveStats(ann).at(-1)).toEqual(online(2, 3));
      expect(liveStats(bob).at(-1)).toEqual(online(2, 3));
      expect(liveStats(bobAgain).at(-1)).toEqual(online(2, 3));
    });
    bob.emit('close');
    await vi.waitFor(() => expect(liveStats(ann).at(-1)).toEqual(online(2, 2)));
    bobAgain.emit('close');
    await vi.waitFor(() => expect(liveStats(ann).at(-1)).toEqual(online(1, 1)));
  });

  it('a burst of arrivals costs one read at once and at most one more per interval', async () => {
    const { open, statsRead, readAt } = setup(300);
    const first = Array.from({ length: 5 }, (_, i) => open(`u${i}`));
    await vi.waitFor(() => expect(statsRead).toHaveBeenCalledTimes(1));
    expect(liveStats(first[0]!)).toEqual([online(5, 5)]);
    const late = [open('late-1'), open('late-2')];
    await vi.waitFor(() => expect(liveStats(late[1]!)).toEqual([online(7, 7)]));
    expect(statsRead).toHaveBeenCalledTimes(2);
    // The second read waited out the interval from the first (a timer may fire a millisecond
    // early by Date.now()). Timed from when the test saw the first push instead, a loaded machine
    // that noticed it late measured less than the interval (230 ms of 300).
    expect(readAt[1]! - readAt[0]!).toBeGreaterThanOrEqual(298);
  });

  it('reads nothing when the last socket here has gone', async () => {
    const { open, statsRead } = setup();
    const ann = open('ann');
    await vi.waitFor(() => expect(statsRead).toHaveBeenCalledTimes(1));
    ann.emit('close');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statsRead).toHaveBeenCalledTimes(1);
  });

  it('a failing read is logged and the socket stays open', async () => {
    const { realtime, open } = setup();
    realtime.setLiveStatsSource(async () => {
      throw new Error('database away');
    });
    const ann = open('ann');
    await vi.waitFor(() =>
      expect(log.error).toHaveBeenCalledWith(expect.anything(), 'live stats push failed'),
    );
    expect(ann.closedWith).toBeNull();
  });
});

describe('initial state', () => {
  it("sends every feature's part after connected, in the order the features registered", async () => {
    const { realtime, open } = setup();
    realtime.onConnect(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20)); // slower, but registered first
      return [{ type: 'activity', data: { type: 'initial_feed', activities: [] } }];
    });
    realtime.onConnect(async (userId): Promise<ServerMessage[]> => [
      { type: 'notification', data: { type: 'unread_count_updated', count: userId.length } },
    ]);
    const ann = open('ann');
    await vi.waitFor(() => expect(ann.types()).toContain('unread_count_updated'));
    expect(ann.types().filter((type) => type !== 'live_stats')).toEqual([
      'connected',
      'initial_feed',
      'unread_count_updated',
    ]);
  });
});

describe('live stats count sessions, not sockets', () => {
  it("a user's tabs (sockets of one session) are one session", async () => {
    const { open } = setup();
    const tabs = [open('ann'), open('ann'), open('ann')];
    await vi.waitFor(() => expect(liveStats(tabs[0]!).at(-1)).toEqual(online(1, 1)));
    open('ann', 'ann-phone');
    await vi.waitFor(() => expect(liveStats(tabs[0]!).at(-1)).toEqual(online(1, 2)));
  });
});
