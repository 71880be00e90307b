import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import { CreatedId, type CreateBeatBody } from '@beatroom/shared/beats-contract';
import { UPLOAD_FIELDS, UploadResponse } from '@beatroom/shared/files-contract';
import {
  Recording,
  RECORDING_UPLOAD_FIELDS,
  type RecordingFormat,
} from '@beatroom/shared/recordings-contract';
import { STUDIO_TAKE_UPLOAD_FIELD, StudioTakeFile } from '@beatroom/shared/studio-takes-contract';

/** A take kept in the library, as the take queue sends it. */
export interface TakeUpload {
  path: string;
  format: RecordingFormat;
  beatId: string;
  recordingName: string;
  isPublic: boolean;
}

/**
 * A failed call. `status` is null when the server was not reached at all (offline, refused,
 * reset); `retryable` says whether the same call may succeed later without any change.
 */
export class ServerCallError extends Error {
  override name = 'ServerCallError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status === null || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  flac: 'audio/flac',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** A file name safe inside a quoted multipart header. */
function headerFileName(name: string): string {
  return name.replace(/["\\\r\n]/g, '_');
}

/**
 * A multipart/form-data body with one file part, streamed from disk chunk by chunk (never held
 * in memory whole) and counted, so the caller can show byte progress. Its length is known in
 * advance, so the request carries Content-Length.
 */
export function multipartFileBody(
  field: string,
  file: { path: string; name: string },
  onProgress: (sentBytes: number, totalBytes: number) => void,
  /** Text fields sent before the file, so the server can check them before reading it. */
  fields: Record<string, string> = {},
) {
  const boundary = `----beatroom${randomBytes(12).toString('hex')}`;
  const leading = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${headerFileName(name)}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${leading}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${headerFileName(file.name)}"\r\n` +
      `Content-Type: ${contentTypeOf(file.name)}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileSize = statSync(file.path).size;
  const total = head.length + fileSize + tail.length;
  let sent = 0;

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const push = (chunk: Uint8Array) => {
        controller.enqueue(chunk);
        sent += chunk.length;
        onProgress(sent, total);
      };
      try {
        push(head);
        for await (const chunk of createReadStream(file.path, { highWaterMark: 256 * 1024 })) {
          push(chunk as Buffer);
        }
        push(tail);
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, length: total };
}

async function failure(response: Response, fallback: string): Promise<ServerCallError> {
  let message = `${fallback} (HTTP ${response.status})`;
  try {
    const body = ErrorBody.safeParse(await response.json());
    if (body.success) message = body.data.error;
  } catch {
    // Not JSON: keep the status line.
  }
  return new ServerCallError(message, response.status);
}

export interface ServerClientOptions {
  serverUrl: string | (() => string);
  token: () => string | null;
  fetch?: typeof fetch;
}

/**
 * Main's own calls to the server (the uploader, the library mirror, downloads), with the session
 * token as a Bearer header. The fetch function and the server address are injected, so tests
 * point it at a real server on a random port, or at nothing.
 */
export function createServerClient(options: ServerClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = () => (typeof options.serverUrl === 'function' ? options.serverUrl() : options.serverUrl);

  async function call(path: string, init: RequestInit & { duplex?: 'half' } = {}): Promise<Response> {
    const token = options.token();
    if (!token) throw new ServerCallError('Sign in to continue.', 401);
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    try {
      return await doFetch(`${base()}${path}`, { ...init, headers });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new ServerCallError('The Beatroom server cannot be reached.', null);
    }
  }

  /** POSTs a streamed multipart body (its length known up front, so no chunked encoding). */
  const postMultipart = (
    path: string,
    multipart: ReturnType<typeof multipartFileBody>,
    signal?: AbortSignal,
  ) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': multipart.contentType, 'content-length': String(multipart.length) },
      body: multipart.body,
      duplex: 'half',
      signal,
    });

  return {
    call,

    /** POST /api/upload/audio or /api/upload/image with a streamed file; answers the key. */
    async uploadFile(
      kind: 'audio' | 'image',
      file: { path: string; name: string },
      onProgress: (fraction: number) => void,
      signal?: AbortSignal,
    ): Promise<string> {
      const multipart = multipartFileBody(UPLOAD_FIELDS[kind], file, (sent, total) =>
        onProgress(sent / total),
      );
      const response = await postMultipart(`/api/upload/${kind}`, multipart, signal);
      if (!response.ok) {
        throw await failure(
          response,
          kind === 'audio' ? 'Failed to upload audio file' : 'Failed to upload image',
        );
      }
      return UploadResponse.parse(await response.json()).key;
    },

    /**
     * POST /api/beats with the queue's idempotency key in the body and the header, so a repeat
     * after a lost answer returns the first beat instead of creating a second.
     */
    async createBeat(body: CreateBeatBody, idempotencyKey: string, signal?: AbortSignal): Promise<string> {
      const response = await call('/api/beats', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ ...body, idempotency_key: idempotencyKey }),
        signal,
      });
      if (!response.ok) throw await failure(response, 'Failed to create beat');
      return CreatedId.parse(await response.json()).id;
    },

    /**
     * POST /api/recordings/upload: a studio take, streamed from the library with its fields
     * first and the take queue's idempotency key, so a repeat after a lost answer is answered
     * with the take the server already saved instead of a second one. Answers the recording id.
     */
    async uploadTake(
      take: TakeUpload,
      idempotencyKey: string,
      onProgress: (fraction: number) => void,
      signal?: AbortSignal,
    ): Promise<string> {
      const multipart = multipartFileBody(
        RECORDING_UPLOAD_FIELDS.recording,
        { path: take.path, name: `take.${take.format}` },
        (sent, total) => onProgress(sent / total),
        {
          [RECORDING_UPLOAD_FIELDS.beatId]: take.beatId,
          [RECORDING_UPLOAD_FIELDS.recordingName]: take.recordingName,
          [RECORDING_UPLOAD_FIELDS.isPublic]: String(take.isPublic),
          [RECORDING_UPLOAD_FIELDS.idempotencyKey]: idempotencyKey,
        },
      );
      const response = await postMultipart('/api/recordings/upload', multipart, signal);
      if (!response.ok) throw await failure(response, 'Failed to save recording');
      return Recording.parse(await response.json()).id;
    },

    /**
     * POST /api/studio/takes?id=<uuid>: a timeline take under the id the arrangement names (the
     * server checks the bytes and adds the format it finds, which the id already ends with); a
     * repeat answers the file already kept.
     */
    async uploadStudioTake(
      take: { path: string; id: string },
      onProgress: (fraction: number) => void,
      signal?: AbortSignal,
    ): Promise<string> {
      const multipart = multipartFileBody(
        STUDIO_TAKE_UPLOAD_FIELD,
        { path: take.path, name: take.id },
        (sent, total) => onProgress(sent / total),
      );
      const uuid = take.id.replace(/\.(webm|wav)$/, '');
      const response = await postMultipart(
        `/api/studio/takes?id=${encodeURIComponent(uuid)}`,
        multipart,
        signal,
      );
      if (!response.ok) throw await failure(response, 'Failed to keep the take on the server');
      return StudioTakeFile.parse(await response.json()).id;
    },

    /** GET a JSON resource. */
    async getJson(path: string): Promise<unknown> {
      const response = await call(path);
      if (!response.ok) throw await failure(response, 'Request failed');
      return response.json();
    },

    /** GET a file; the caller streams the body. */
    async getFile(path: string, signal?: AbortSignal): Promise<Response> {
      const response = await call(path, { headers: { accept: '*/*' }, signal });
      if (!response.ok) throw await failure(response, 'Download failed');
      return response;
    },
  };
}

export type ServerClient = ReturnType<typeof createServerClient>;
