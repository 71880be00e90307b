// The IPC contract's local library area: the producer's own beats mirrored from the server for
// offline browsing, and the files the user saved from the app.
import { z } from 'zod';
import { IdRequest, ipcMethod, NoRequest, type IpcMethodSchema } from './ipc-channel-contract';
import { optionValues } from './option-values';

export const LIBRARY_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'title', label: 'Title A–Z' },
  { value: 'plays', label: 'Most Plays' },
  { value: 'downloads', label: 'Most Downloads' },
] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number]['value'];
const LIBRARY_SORT_VALUES = optionValues(LIBRARY_SORTS);

export const LibraryQuery = z.strictObject({
  search: z.string().trim().max(100).default(''),
  sort: z.enum(LIBRARY_SORT_VALUES).default('newest'),
});
export type LibraryQuery = z.input<typeof LibraryQuery>;

/** One of the producer's own beats, mirrored from the server for offline browsing. */
export const LibraryBeat = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  genre: z.string(),
  mood: z.string().nullable(),
  bpm: z.number().int().nullable(),
  key_signature: z.string().nullable(),
  price_cents: z.number().int(),
  is_free: z.boolean(),
  duration_seconds: z.number().nullable(),
  play_count: z.number().int(),
  download_count: z.number().int(),
  created_at: z.string(),
  /** The cover cached on disk, served to the renderer from the app's own origin; null if none. */
  coverUrl: z.string().nullable(),
});
export type LibraryBeat = z.infer<typeof LibraryBeat>;

/** A file the user saved from the app (a download), remembered so it can be found again. */
export const SavedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  savedAt: z.string(),
  /** False when the file was moved or deleted since. */
  exists: z.boolean(),
});
export type SavedFile = z.infer<typeof SavedFile>;

export const LibraryListing = z.object({
  beats: z.array(LibraryBeat),
  savedFiles: z.array(SavedFile),
  /** When the mirror last matched the server; null before the first sync. */
  syncedAt: z.string().nullable(),
});
export type LibraryListing = z.infer<typeof LibraryListing>;

export const LibrarySyncResult = z.object({
  syncedAt: z.string().nullable(),
  count: z.number().int().nonnegative(),
  /** Why the sync did not happen (offline, signed out); null on success. */
  error: z.string().nullable(),
});
export type LibrarySyncResult = z.infer<typeof LibrarySyncResult>;

/** `window.beatroom.library.*` */
export const libraryChannels = {
  list: ipcMethod(LibraryQuery, LibraryListing),
  /** Refreshes the mirror of the producer's beats and covers from the server. */
  sync: ipcMethod(NoRequest, LibrarySyncResult),
  /** Opens a saved file in the application the system uses for it. */
  openFile: ipcMethod(IdRequest, z.object({ opened: z.boolean() })),
  /** Shows a saved file in Finder / Explorer / the file manager. */
  revealFile: ipcMethod(IdRequest, z.object({ revealed: z.boolean() })),
} as const satisfies Record<string, IpcMethodSchema>;
