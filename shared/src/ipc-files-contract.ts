// The IPC contract's files area: saving a file from the server to disk with the session, which
// the library then remembers (ipc-library-contract.ts SavedFile).
import { z } from 'zod';
import { ipcMethod, type IpcMethodSchema } from './ipc-channel-contract';
import { SavedFile } from './ipc-library-contract';

export const DownloadRequest = z.strictObject({
  /** A server path of a file to save, e.g. GET /api/files/{key} or a purchase download. */
  path: z
    .string()
    .max(1000)
    .regex(/^\/api\/[^\s\\]*$/, 'must be a path on the API'),
  suggestedName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\:*?"<>|]+$/, 'must be a file name'),
});
export type DownloadRequest = z.infer<typeof DownloadRequest>;
export const DownloadResult = z.object({ saved: z.boolean(), file: SavedFile.nullable() });
export type DownloadResult = z.infer<typeof DownloadResult>;

/** `window.beatroom.files.*` */
export const filesChannels = {
  /** Asks where to save, downloads with the session, remembers the file in the library. */
  download: ipcMethod(DownloadRequest, DownloadResult),
} as const satisfies Record<string, IpcMethodSchema>;
