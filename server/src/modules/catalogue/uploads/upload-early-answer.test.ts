import { Agent, request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';

// An upload refused part-way (413: more than the storage left) is answered before its body has
// been read. The next request on the same kept-alive connection must still answer normally:
// a real listening server, a real keep-alive agent holding one socket.
const QUOTA = 50_000;

let t: Awaited<ReturnType<typeof createTestApp>>;
let port = 0;
let cookie = '';
beforeAll(async () => {
  t = await createTestApp({}, { STORAGE_QUOTA_BYTES: String(QUOTA) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const { agent } = await signIn(t.app, 'early.answer@example.com');
  cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => t?.close());

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One request through `agent`; rejects when its answer has not fully arrived within 5 s. */
function send(
  agent: Agent,
  options: { method: string; path: string; headers?: Record<string, string> },
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the answer to ${options.path} never ended`)), 5000);
    const req = request({ host: '127.0.0.1', port, agent, ...options }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
      });
    });
    // The server may close before it has read everything we send: that is its right.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (body) req.end(body);
    else req.end();
  });
}

function multipart(file: Buffer) {
  const boundary = 'earlyanswerboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="big.wav"\r\n` +
        'Content-Type: audio/wav\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    body,
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  };
}

describe('an upload answered before its body was read', () => {
  it(
    '413, then the next request on the same keep-alive agent answers normally',
    { timeout: 20_000 },
    async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // Warm the connection, so the upload goes over a socket that is already kept alive.
        expect((await send(agent, { method: 'GET', path: '/api/health' })).status).toBe(200);
        const upload = multipart(wavFile(30, 22050));
        expect(upload.body.length).toBeGreaterThan(10 * QUOTA);
        const refused = await send(
          agent,
          { method: 'POST', path: '/api/upload/audio', headers: upload.headers },
          upload.body,
        );
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe('close');
        expect(JSON.parse(refused.body).error).toMatch(/storage/i);
        // The rest of the refused body is never taken for the next request.
        for (let i = 0; i < 3; i++) {
          const next = await send(agent, { method: 'GET', path: '/api/health' });
          expect(next.status).toBe(200);
          expect(JSON.parse(next.body)).toMatchObject({ status: expect.any(String) });
        }
        expect(await t.app.db.prisma.upload.count()).toBe(0);
      } finally {
        agent.destroy();
      }
    },
  );
});
