import type { CollabEvent } from '@beatroom/shared/collab-events-contract';
import { parseServerMessage } from '@beatroom/shared/realtime-client-rules';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../../test/fake-realtime-socket';
import { createLocalEventBus } from '../../platform/realtime/event-bus';
import { createRealtimeService } from '../../platform/realtime/realtime.service';
import { createSocketHub } from '../../platform/realtime/socket-hub';
import { collabPublisher } from './collab-events';

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const log = { warn: vi.fn(), error: vi.fn() };
  const realtime = createRealtimeService({ bus: createLocalEventBus(log), hub: createSocketHub(log), log });
  const open = async (userId: string) => {
    const socket = new FakeSocket();
    realtime.connect(socket, { userId, sessionHash: `session-${userId}-${Math.random()}` });
    await flush();
    return socket;
  };
  return { realtime, open, publish: collabPublisher(realtime) };
}

const chat: CollabEvent = {
  type: 'chat',
  session_id: 's1',
  message: {
    id: 'm1',
    user_id: 'ann',
    user_name: 'ann',
    message: 'hi',
    timestamp: '2026-11-27T00:00:00.000Z',
  },
};
const collabOnly = (socket: FakeSocket) => socket.sent.filter((m) => m.type === 'collab');

describe('collab events over the realtime protocol', () => {
  it('reach every socket of each member (all their tabs) and no other socket', async () => {
    const { realtime, open, publish } = setup();
    const annTab1 = await open('ann');
    const annTab2 = await open('ann');
    const bob = await open('bob');
    const outsider = await open('zed');

    publish(['ann', 'bob'], chat);
    await flush();
    await flush();
    for (const socket of [annTab1, annTab2, bob])
      expect(collabOnly(socket)).toEqual([{ type: 'collab', data: chat }]);
    expect(collabOnly(outsider)).toEqual([]);
    await realtime.close();
  });

  it('what the server sends parses with the client’s contract; a forged collab frame is not', async () => {
    const { realtime, open, publish } = setup();
    const ann = await open('ann');
    const transport: CollabEvent = {
      type: 'transport',
      session_id: 's1',
      is_playing: true,
      current_position: 3.5,
      position_at: 1_790_000_000_000,
    };
    publish(['ann'], transport);
    await flush();
    await flush();
    const frame = JSON.stringify(collabOnly(ann)[0]);
    expect(parseServerMessage(frame)).toEqual({ type: 'collab', data: transport });
    expect(
      parseServerMessage(JSON.stringify({ type: 'collab', data: { type: 'transport', session_id: 's1' } })),
    ).toBeNull();
    await realtime.close();
  });

  it('a client cannot speak for a session over the socket: collab frames from clients are ignored', async () => {
    const { realtime, open } = setup();
    const ann = await open('ann');
    const bob = await open('bob');
    const before = ann.sent.length;
    ann.receive({ type: 'collab', data: chat });
    await flush();
    expect(ann.sent).toHaveLength(before);
    expect(collabOnly(bob)).toEqual([]);
    expect(ann.closedWith).toBeNull();
    await realtime.close();
  });
});
