import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, signIn } from './helpers';

/** Signs in a user and returns a handy bundle: agent, id, and the raw session token. */
export async function member(app: FastifyInstance, email: string) {
  const { agent, user } = await signIn(app, email);
  return { agent, id: user.id, token: agent.cookies.get('beatroom_session')! };
}

let beatNumber = 0;

/**
 * Writes a beat straight into the database, the way the catalogue's upload would leave it, so
 * community tests do not depend on the upload pipeline.
 */
export async function insertBeat(
  app: FastifyInstance,
  userId: string,
  fields: Partial<{
    title: string;
    genre: string;
    playCount: number;
    downloadCount: number;
    createdAt: Date;
    coverImageKey: string | null;
  }> = {},
) {
  beatNumber += 1;
  return app.db.prisma.beat.create({
    data: {
      userId,
      title: fields.title ?? `Beat ${beatNumber}`,
      genre: fields.genre ?? 'Trap',
      audioFileKey: `audio/${randomUUID()}.mp3`,
      coverImageKey: fields.coverImageKey ?? null,
      playCount: fields.playCount ?? 0,
      downloadCount: fields.downloadCount ?? 0,
      producerName: 'Producer',
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    },
  });
}

/** Makes the user's profile private, as the settings page would. */
export async function hideProfile(app: FastifyInstance, userId: string) {
  await app.db.prisma.userSettings.upsert({
    where: { userId },
    create: { userId, profileVisibility: 'private' },
    update: { profileVisibility: 'private' },
  });
}

export async function insertImageUpload(app: FastifyInstance, userId: string) {
  const key = `images/${randomUUID()}.jpg`;
  await app.db.prisma.upload.create({
    data: { key, userId, kind: 'image', contentType: 'image/jpeg', sizeBytes: 1000 },
  });
  return key;
}

/** Polls until the check passes (domain-event work that runs after the response). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** A real WebSocket client that records every message and can wait for one. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.messages.push(JSON.parse(raw.toString()) as ServerMessage);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string>): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves with the first recorded message matching `match` (past or future). */
  async next(match: (m: ServerMessage) => boolean, timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.closed;
  }

  close() {
    this.ws.close(1000);
  }
}

export const isNotification = (type: string) => (m: ServerMessage) =>
  m.type === 'notification' && m.data.type === type;

export type ProducerAndFan = {
  t: Awaited<ReturnType<typeof createTestApp>>;
  producer: Awaited<ReturnType<typeof member>>;
  fan: Awaited<ReturnType<typeof member>>;
};

/**
 * Registers beforeAll/afterAll for a fresh app with a producer and a fan signed in; the returned
 * object is filled in once beforeAll has run (later beforeAll hooks can seed data with it).
 */
export function useProducerAndFan(): ProducerAndFan {
  const ctx = {} as ProducerAndFan;
  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.producer = await member(ctx.t.app, 'producer@example.com');
    ctx.fan = await member(ctx.t.app, 'fan@example.com');
  });
  afterAll(async () => ctx.t?.close());
  return ctx;
}
