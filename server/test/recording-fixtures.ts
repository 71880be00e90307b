import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { mp3File, wavFile } from './media-fixtures';

/**
 * A real studio take: Chromium's MediaRecorder (audio/webm;codecs=opus), a 440 Hz sine at half
 * scale for 1.5 s. Regenerate with `node server/test/fixtures/make-recording-fixture.mjs`.
 */
export const WEBM_TAKE = readFileSync(new URL('./fixtures/recording-take.webm', import.meta.url));

/** One part of a multipart body: a text field, or a file. */
export type Part =
  { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body with the parts in the given order, as a browser's FormData sends. */
export function multipartBody(parts: Part[]) {
  const boundary = `----beatroom${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'audio/webm'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The parts of a take's upload: fields first (as the studio sends them), then the file. */
export function takeParts(
  beatId: string,
  options: { name?: string; isPublic?: boolean; content?: Buffer; filename?: string } = {},
): Part[] {
  return [
    { name: 'beat_id', value: beatId },
    { name: 'recording_name', value: options.name ?? 'My Take' },
    { name: 'is_public', value: String(options.isPublic ?? false) },
    { name: 'recording', filename: options.filename ?? 'take.webm', content: options.content ?? WEBM_TAKE },
  ];
}

let beatNumber = 0;

/**
 * A beat that plays, written straight to the database with real files in storage: a WAV master
 * and an MP3 preview (whose bytes differ, so a test can tell which one it was served).
 */
export async function insertPlayableBeat(
  app: FastifyInstance,
  userId: string,
  fields: Partial<{ title: string; coverImageKey: string; priceCents: number }> = {},
) {
  beatNumber += 1;
  const master = `audio/${randomUUID()}.wav`;
  const preview = `previews/${randomUUID()}.mp3`;
  const masterBytes = wavFile(1);
  const previewBytes = mp3File(1);
  await app.storage.put(master, Readable.from([masterBytes]), { contentType: 'audio/wav' });
  await app.storage.put(preview, Readable.from([previewBytes]), { contentType: 'audio/mpeg' });
  const beat = await app.db.prisma.beat.create({
    data: {
      userId,
      title: fields.title ?? `Studio Beat ${beatNumber}`,
      genre: 'Trap',
      audioFileKey: master,
      previewKey: preview,
      previewStatus: 'ready',
      coverImageKey: fields.coverImageKey ?? null,
      priceCents: fields.priceCents ?? 2999,
      producerName: 'Producer',
    },
  });
  return { ...beat, masterBytes, previewBytes };
}
