import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadImage } from '../../../../test/catalogue';
import { isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { createTestApp, listenForSockets } from '../../../../test/helpers';
import { signedInUser } from '../../../http/authenticate';

// request.session: resolved once per /api request by the auth plugin, skipped where no route
// needs the caller, and carrying the token hash so nothing hashes the token twice.
let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let wsUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  // A route that reads the user without declaring app.authenticate: a wiring mistake.
  t.app.get('/api/test/unguarded', async (request) => ({ id: signedInUser(request).id }));
  wsUrl = await listenForSockets(t.app);
  ann = await member(t.app, 'ann@example.com');
});
afterAll(async () => t?.close());

describe('request.session', () => {
  it('is looked up once per API request that carries a token', async () => {
    const lookups = vi.spyOn(t.app.auth, 'resolveSession');
    try {
      const me = await ann.agent.get('/api/users/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: ann.id, email: 'ann@example.com' });
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('is never looked up for public file reads (GET and HEAD /api/files/*), cookie or not', async () => {
    const upload = await uploadImage(ann.agent);
    expect(upload.statusCode).toBe(200);
    const url = `/api/files/${upload.json().key as string}`;
    const lookups = vi.spyOn(t.app.auth, 'resolveSession');
    try {
      const get = await ann.agent.get(url);
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toBe('image/jpeg');
      const head = await ann.agent.request({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      const ranged = await ann.agent.get(url, { range: 'bytes=0-9' });
      expect(ranged.statusCode).toBe(206);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });

  it('gives the WebSocket upgrade the token hash: the token is not hashed again', async () => {
    const hashes = vi.spyOn(t.app.auth, 'hashToken');
    const socket = await TestSocket.open(wsUrl, { cookie: `beatroom_session=${ann.token}` });
    try {
      await socket.next(isNotification('connected'));
      expect(hashes).not.toHaveBeenCalled();
      // The hash the socket was registered under is the session's: signing out closes it.
      await ann.agent.get('/api/logout');
      expect(await socket.waitClosed()).toMatchObject({ code: 1000 });
    } finally {
      hashes.mockRestore();
      socket.close();
    }
  });
});

describe('app.authenticate and signedInUser', () => {
  it('answers 401 signed out, and an unknown token is the same as none', async () => {
    for (const headers of [
      {},
      { cookie: 'beatroom_session=not-a-session' },
      { authorization: 'Bearer nope' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in required' });
    }
  });

  it('fails loudly (500, nothing leaked) when a route reads the user without declaring authenticate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/unguarded' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
  });
});
