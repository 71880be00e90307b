import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { createTestApp, listenForSockets } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
});
afterAll(async () => t?.close());

describe('GET /api/live/stats', () => {
  it('401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/live/stats' })).statusCode).toBe(401);
  });

  it('counts connected users and sessions (not sockets), recent plays and listeners, and recent activity', async () => {
    const ann = await member(t.app, 'ann@example.com');
    const bob = await member(t.app, 'bob@example.com');
    const empty = (await ann.agent.get('/api/live/stats')).json();
    expect(empty).toEqual({
      connectedUsers: 0,
      activeSessions: 0,
      totalPlaying: 0,
      totalListening: 0,
      recentActivities: 0,
    });

    const sockets = await Promise.all([
      TestSocket.open(url, { cookie: `beatroom_session=${ann.token}` }),
      TestSocket.open(url, { cookie: `beatroom_session=${ann.token}` }),
      TestSocket.open(url, { cookie: `beatroom_session=${bob.token}` }),
    ]);
    await Promise.all(sockets.map((s) => s.next(isNotification('connected'))));
    const beat = await insertBeat(t.app, bob.id);
    const old = new Date(Date.now() - 10 * 60_000);
    await t.app.db.prisma.beatPlay.createMany({
      data: [
        { beatId: beat.id, userId: ann.id },
        { beatId: beat.id, userId: ann.id },
        { beatId: beat.id, userId: null },
        { beatId: beat.id, userId: bob.id, createdAt: old },
      ],
    });
    await ann.agent.request({ method: 'POST', url: `/api/users/${bob.id}/follow` });

    // Ann's two tabs are one session.
    expect((await ann.agent.get('/api/live/stats')).json()).toEqual({
      connectedUsers: 2,
      activeSessions: 2,
      totalPlaying: 3,
      totalListening: 2,
      recentActivities: 1,
    });

    // Ann signed in on her phone too: a second session of the same user.
    const phone = await TestSocket.open(url, {
      cookie: `beatroom_session=${(await member(t.app, 'ann@example.com')).token}`,
    });
    await phone.next(isNotification('connected'));
    expect((await ann.agent.get('/api/live/stats')).json()).toMatchObject({
      connectedUsers: 2,
      activeSessions: 3,
    });

    for (const s of [sockets[0]!, phone]) {
      s.close();
      await s.waitClosed();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect((await ann.agent.get('/api/live/stats')).json()).toMatchObject({
      connectedUsers: 2,
      activeSessions: 2,
    });
    for (const s of sockets) s.close();
  });
});

describe('live stats over the socket, pushed without waiting for the refresh', () => {
  const liveStats = (users: number, sockets: number) => (m: ServerMessage) =>
    m.type === 'live_stats' && m.data.connectedUsers === users && m.data.activeSessions === sockets;
  /** The first message matching after the first `from` messages (earlier ones are stale). */
  const nextAfter = (socket: TestSocket, from: number, match: (m: ServerMessage) => boolean) =>
    socket.next((m) => socket.messages.indexOf(m) >= from && match(m));

  it("pushes live stats counting the viewer's own socket, then again as others come and go", async () => {
    const cy = await member(t.app, 'cy@example.com');
    const dee = await member(t.app, 'dee@example.com');
    // The viewer alone (the previous test's sockets have gone by now or soon will).
    const viewer = await TestSocket.open(url, { cookie: `beatroom_session=${cy.token}` });
    const alone = await viewer.next(liveStats(1, 1));
    // The same figures the 30 s poll would bring.
    expect(alone.type === 'live_stats' && alone.data).toEqual((await cy.agent.get('/api/live/stats')).json());

    const mark = viewer.messages.length;
    const other = await TestSocket.open(url, { cookie: `beatroom_session=${dee.token}` });
    await nextAfter(viewer, mark, liveStats(2, 2));
    await other.next(liveStats(2, 2));

    const leaving = viewer.messages.length;
    other.close();
    await nextAfter(viewer, leaving, liveStats(1, 1));
    viewer.close();
  });
});
