import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Agent } from './helpers';
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

/** Uploads a short WAV and creates a beat with it; answers the beat id. */
export async function createBeat(agent: Agent, fields: Record<string, unknown> = {}): Promise<string> {
  const audio = await uploadAudio(agent);
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
