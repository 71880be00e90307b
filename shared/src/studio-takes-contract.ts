// HTTP contract of the studio's take files: the audio of each take on the timeline, uploaded as
// soon as it is recorded and kept private to its owner (never public, never listed anywhere
// else). The arrangement saved in a session names a take's file by its id in the take's
// `source` (`studio-take:<id>`); the audio itself is never inside the session's JSON.
import { z } from 'zod';
import type { Arrangement } from './studio-arrangement';

/** A take file's id: an unguessable uuid and the format the server found in its bytes. */
export const STUDIO_TAKE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webm|wav)$/;
/** A take's `source` when its audio is an uploaded take file. */
export const STUDIO_TAKE_SOURCE_PREFIX = 'studio-take:';
/** The multipart field of an upload. */
export const STUDIO_TAKE_UPLOAD_FIELD = 'take';
/** Bytes of take files one user may keep (a minute of a WebM/Opus take is about 1 MB). */
export const STUDIO_TAKES_MAX_BYTES_PER_USER = 2 * 1024 * 1024 * 1024;
export const STUDIO_TAKE_NOT_FOUND = 'Take not found';
export const TOO_MANY_STUDIO_TAKES =
  'Your studio takes use all the space they may (2 GB). Delete a session to record more.';

/**
 * POST /api/studio/takes may name the file's id (a uuid; the server adds the format it finds):
 * the desktop app names a take before it is online, and the arrangement already holds that id.
 * Sending the same id again answers the file already kept instead of a second one.
 */
export const StudioTakeUploadQuery = z.object({ id: z.uuid('id must be a uuid').optional() });
export const STUDIO_TAKE_ID_TAKEN = 'This take id is already in use.';

export const StudioTakeIdParams = z.object({
  id: z.string().regex(STUDIO_TAKE_ID, STUDIO_TAKE_NOT_FOUND),
});

/** POST /api/studio/takes answers the stored file: its id (for the take's source) and size. */
export const StudioTakeFile = z.object({
  id: z.string(),
  size: z.number().int(),
});
export type StudioTakeFile = z.infer<typeof StudioTakeFile>;

export const studioTakeAudioUrl = (id: string) => `/api/studio/takes/${encodeURIComponent(id)}/audio`;

export const studioTakeSource = (id: string) => `${STUDIO_TAKE_SOURCE_PREFIX}${id}`;

/** The take file a take's source names, or null (no file yet, or audio kept elsewhere). */
export function studioTakeIdOf(source: string | null): string | null {
  if (!source?.startsWith(STUDIO_TAKE_SOURCE_PREFIX)) return null;
  const id = source.slice(STUDIO_TAKE_SOURCE_PREFIX.length);
  return STUDIO_TAKE_ID.test(id) ? id : null;
}

/** Every take file an arrangement names (none for a session saved before takes had files). */
export function studioTakeIdsOf(arrangement: Arrangement | undefined): string[] {
  const ids = new Set<string>();
  for (const take of arrangement?.takes ?? []) {
    const id = studioTakeIdOf(take.source);
    if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * The take's audio is now kept under `source`: a fact about the take, not an edit, so it holds
 * whatever state of the timeline it is applied to (the studio applies it to every undo step).
 */
export function withTakeSource(arrangement: Arrangement, takeId: string, source: string): Arrangement {
  const index = arrangement.takes.findIndex((take) => take.id === takeId);
  if (index < 0 || arrangement.takes[index]!.source === source) return arrangement;
  const takes = arrangement.takes.slice();
  takes[index] = { ...takes[index]!, source };
  return { ...arrangement, takes };
}
