import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from './catalogue';
import { isNotification, member, TestSocket } from './community-fixtures';
import { createTestApp, signIn } from './helpers';
import { wavFile } from './media-fixtures';

// Real sockets against a listening server whose idle/header timeout is 400 ms (60 s by default).
let t: Awaited<ReturnType<typeof createTestApp>>;
let port = 0;
beforeAll(async () => {
  t = await createTestApp({}, { HTTP_IDLE_TIMEOUT_MS: '400' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => t?.close());

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when the server closes the socket; rejects if it is still open after `ms`. */
function closedByServer(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {});
    const timer = setTimeout(() => reject(new Error('the server kept the connection open')), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('bounded connections', () => {
  it('a connection that sends half its headers and stops is closed', async () => {
    const socket = await openSocket();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const answered = await closedByServer(socket, 10_000);
    // Closed without a response to the request it never finished (at most a 408).
    expect(answered).not.toContain('200 OK');
  });

  it('headers trickling in byte by byte are cut off at the header timeout, however busy the line', async () => {
    const socket = await openSocket();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 100);
    try {
      await closedByServer(socket, 10_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('a stalled upload body is closed and its partial file removed; nothing is recorded', async () => {
    const { agent } = await signIn(t.app, 'stalled@example.com');
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const boundary = 'stallboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\n`;
    const body = wavFile(60, 22050).subarray(0, 400_000);
    const socket = await openSocket();
    const closed = closedByServer(socket, 10_000);
    socket.write(
      `POST /api/upload/audio HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n`,
    );
    socket.write(head);
    socket.write(body);
    // The upload is under way: its partial file exists under .tmp/.
    await expect
      .poll(() => storedFiles(t.config.dataDir).filter((f) => f.startsWith('.tmp/')))
      .toHaveLength(1);
    // Then the client goes silent, without closing: the server closes it.
    await closed;
    await expect.poll(() => storedFiles(t.config.dataDir)).toEqual([]);
    expect(await t.app.db.prisma.upload.count()).toBe(0);
  });

  it('an open WebSocket is not an idle HTTP connection: it outlives the idle timeout', async () => {
    const ann = await member(t.app, 'socket.idle@example.com');
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws`, {
      authorization: `Bearer ${ann.token}`,
    });
    await socket.next(isNotification('connected'));
    // Three idle timeouts without a byte either way (server pings are 30 s apart).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(socket.closed).toBeNull();
    socket.send({ type: 'heartbeat', timestamp: 1 });
    await socket.next((m) => m.type === 'heartbeat');
    socket.close();
  });

  it('a normal request on the same server is unaffected', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
