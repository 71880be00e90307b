import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { createTestApp, listenForSockets } from '../../../../test/helpers';
import { TOO_MANY_SOCKETS_REASON } from './socket-hub';

// Real sockets on a listening server: 2 per session, 3 per user, 6 upgrades a minute per address.
let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';
beforeAll(async () => {
  t = await createTestApp(
    {},
    { WS_MAX_SOCKETS_PER_SESSION: '2', WS_MAX_SOCKETS_PER_USER: '3', WS_UPGRADE_RATE_LIMIT_MAX: '12' },
  );
  url = await listenForSockets(t.app);
});
afterAll(async () => t?.close());

async function open(token: string) {
  const socket = await TestSocket.open(url, { authorization: `Bearer ${token}` });
  await socket.next(isNotification('connected'));
  return socket;
}

describe('sockets per session and per user', () => {
  it('a third socket of one session closes the oldest with 1000 and a reason; the newer two stay', async () => {
    const ann = await member(t.app, 'sockets.ann@example.com');
    const first = await open(ann.token);
    const second = await open(ann.token);
    const third = await open(ann.token);
    expect(await first.waitClosed()).toEqual({ code: 1000, reason: TOO_MANY_SOCKETS_REASON });
    for (const socket of [second, third]) {
      socket.send({ type: 'heartbeat', timestamp: 1 });
      await socket.next((m) => m.type === 'heartbeat');
      expect(socket.closed).toBeNull();
    }
    expect(t.app.realtime.hub.presence().sockets).toBe(2);
    second.close();
    third.close();
    await Promise.all([second.waitClosed(), third.waitClosed()]);
  });

  it("a user's fourth socket over two sessions closes that user's oldest; another user is untouched", async () => {
    const laptop = await member(t.app, 'sockets.bob@example.com');
    const phone = await member(t.app, 'sockets.bob@example.com');
    const cy = await member(t.app, 'sockets.cy@example.com');
    const other = await open(cy.token);
    const l1 = await open(laptop.token);
    const l2 = await open(laptop.token);
    const p1 = await open(phone.token);
    expect(l1.closed).toBeNull();
    const p2 = await open(phone.token);
    expect(await l1.waitClosed()).toEqual({ code: 1000, reason: TOO_MANY_SOCKETS_REASON });
    for (const socket of [l2, p1, p2, other]) expect(socket.closed).toBeNull();
    for (const socket of [l2, p1, p2, other]) socket.close();
    await Promise.all([l2, p1, p2, other].map((s) => s.waitClosed()));
  });
});

describe('upgrade attempts per address', () => {
  it('past the limit an upgrade is refused with 429 before the handshake', async () => {
    const dee = await member(t.app, 'sockets.dee@example.com');
    // Earlier tests used up to 10 of the 12 this minute; open and close until refused.
    const refused: string[] = [];
    for (let i = 0; i < 14 && refused.length === 0; i++) {
      try {
        const socket = await open(dee.token);
        socket.close();
        await socket.waitClosed();
      } catch (error) {
        refused.push(String(error));
      }
    }
    expect(refused).toEqual(['Error: HTTP 429']);
    // Plain requests from the same address are not counted against it.
    expect((await dee.agent.get('/api/users/me')).statusCode).toBe(200);
  });
});
