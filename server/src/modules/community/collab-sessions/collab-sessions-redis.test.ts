import type { CollabSession } from '@beatroom/shared/collab-sessions-contract';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { describe, expect, it } from 'vitest';
import { isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { insertPlayableBeat } from '../../../../test/recording-fixtures';
import { twoInstancesSkipReason, useTwoInstances } from '../../../../test/two-instances';

// Two server instances on one PostgreSQL database with realtime over the real Redis: a session's
// events published on one instance reach its members' sockets on the other, and no one else's.

describe.skipIf(!!twoInstancesSkipReason)(
  `collaborative session events across instances ${twoInstancesSkipReason}`,
  () => {
    const two = useTwoInstances();

    const open = async (token: string) => {
      const socket = await TestSocket.open(two.urlB, { cookie: `beatroom_session=${token}` });
      await socket.next(isNotification('connected'));
      return socket;
    };

    it('the host’s play on A reaches the member on B; a non-member on B gets nothing', async () => {
      const host = await member(two.a.app, 'host@example.com');
      const guest = await member(two.a.app, 'guest@example.com');
      const outsider = await member(two.a.app, 'outsider@example.com');
      const beat = await insertPlayableBeat(two.a.app, host.id);
      const session = (
        await host.agent.post('/api/collaborative-sessions', {
          beat_id: beat.id,
          session_name: 'Across',
        })
      ).json() as CollabSession;
      expect(
        (await guest.agent.post(`/api/collaborative-sessions/join/${session.session_code}`)).statusCode,
      ).toBe(200);

      const guestOnB = await open(guest.token);
      const outsiderOnB = await open(outsider.token);
      const ofSession = (m: ServerMessage) => m.type === 'collab' && m.data.session_id === session.id;
      try {
        const played = await host.agent.post(`/api/collaborative-sessions/${session.id}/transport`, {
          is_playing: true,
          position: 2,
        });
        expect(played.statusCode).toBe(200);
        expect(
          await guestOnB.next((m) => ofSession(m) && m.type === 'collab' && m.data.type === 'transport'),
        ).toMatchObject({ data: { is_playing: true, current_position: 2 } });

        // The outsider's own marker, published on A after the transport: once it is on B, the
        // transport would have been too.
        const own = (
          await outsider.agent.post('/api/collaborative-sessions', {
            beat_id: beat.id,
            session_name: 'Mine',
          })
        ).json() as CollabSession;
        await outsider.agent.post(`/api/collaborative-sessions/${own.id}/chat`, { message: 'marker' });
        await outsiderOnB.next((m) => m.type === 'collab' && m.data.session_id === own.id);
        expect(outsiderOnB.messages.filter(ofSession)).toEqual([]);
      } finally {
        guestOnB.close();
        outsiderOnB.close();
      }
    });
  },
);
