import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { DomainEvent } from '../src/events/domain-events';
import { createTestApp, signIn, type Agent } from './helpers';
import { multipart, wavFile } from './media-fixtures';

/** A real image of the given size and format, made by sharp. */
export function image(width = 1600, height = 900, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return canvas.toFormat(format).toBuffer();
}

export async function uploadAudio(agent: Agent, content: Buffer = wavFile(), filename = 'beat.wav') {
  const { payload, headers } = multipart('audio', filename, content, 'audio/wav');
  return agent.request({ method: 'POST', url: '/api/upload/audio', payload, headers });
}

export async function uploadImage(agent: Agent, content?: Buffer, filename = 'cover.png') {
  const { payload, headers } = multipart('image', filename, content ?? (await image()), 'image/png');
  return agent.request({ method: 'POST', url: '/api/upload/image', payload, headers });
}

/** Every optional create-beat field filled in, as sent and as read back unchanged. */
export const fullBeatFields = {
  description: 'Dark melodies',
  bpm: 140,
  key_signature: 'C#',
  genre: 'Trap',
  mood: 'Dark',
  price_cents: 2999,
  is_free: false,
} as const;

/** Uploads a master (a short WAV unless told) and creates a beat with it; answers the beat id. */
export async function createBeat(
  agent: Agent,
  fields: Record<string, unknown> = {},
  master: { content: Buffer; filename: string } = { content: wavFile(), filename: 'beat.wav' },
): Promise<string> {
  const audio = await uploadAudio(agent, master.content, master.filename);
  if (audio.statusCode !== 200) throw new Error(`audio upload failed: ${audio.body}`);
  const res = await agent.post('/api/beats', {
    title: 'Test Beat',
    genre: 'Trap',
    audio_file_key: audio.json().key,
    ...fields,
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** A priced, described beat with a cover: what a public page shows in full. Its id and cover key. */
export async function beatWithCover(agent: Agent, title: string) {
  const coverKey = (await uploadImage(agent)).json().key as string;
  const id = await createBeat(agent, {
    title,
    bpm: 140,
    price_cents: 2999,
    description: 'Heavy 808s for late-night verses.',
    cover_image_key: coverKey,
  });
  return { id, coverKey };
}

/** Rows of the uploads table, to check that failures leave nothing behind. */
export async function uploadRows(app: FastifyInstance): Promise<number> {
  const rows = await app.db.prisma.upload.count();
  return rows;
}

/** Every file under the local storage directory, .tmp included. */
export function storedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

export type CatalogueTestApp = {
  t: Awaited<ReturnType<typeof createTestApp>>;
  owner: Agent;
  ownerId: string;
  stranger: Agent;
  /** Every beat.created / beat.deleted event published so far. */
  events: DomainEvent[];
  anonymous: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
};

/**
 * Registers beforeAll/afterAll for a fresh app with a producer ("DJ Owner") and a stranger
 * signed in; the returned object is filled in once beforeAll has run.
 */
export function useCatalogueApp(): CatalogueTestApp {
  const ctx = {
    events: [],
    anonymous: (method, url, payload) => ctx.t.app.inject({ method, url, payload }),
  } as Partial<CatalogueTestApp> as CatalogueTestApp;
  beforeAll(async () => {
    ctx.t = await createTestApp();
    const signedIn = await signIn(ctx.t.app, 'producer@example.com');
    ctx.owner = signedIn.agent;
    ctx.ownerId = signedIn.user.id;
    ({ agent: ctx.stranger } = await signIn(ctx.t.app, 'stranger@example.com'));
    await ctx.t.app.db.prisma.profile.update({
      where: { userId: ctx.ownerId },
      data: { displayName: 'DJ Owner' },
    });
    for (const type of ['beat.created', 'beat.deleted'] as const)
      ctx.t.app.domainEvents.on(type, (e) => void ctx.events.push(e));
  });
  afterAll(async () => ctx.t?.close());
  return ctx;
}
