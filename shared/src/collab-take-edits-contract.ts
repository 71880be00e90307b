// What a session member does to takes besides recording them: moving and deleting their own (the
// host: deleting anyone's), and showing the others the take they are recording while it grows.
import { z } from 'zod';

/**
 * The take being recorded reaches the other members as frames of input levels, one level per
 * 1/COLLAB_LIVE_LEVELS_PER_SECOND s (the studio's waveform resolution), sent about every
 * COLLAB_LIVE_FRAME_MS.
 */
export const COLLAB_LIVE_LEVELS_PER_SECOND = 100;
export const COLLAB_LIVE_FRAME_MS = 250;
/** One frame carries at most this many levels (4 s): a late timer's backlog, no more. */
export const COLLAB_LIVE_FRAME_MAX_LEVELS = 400;
/** Frames a member may send a minute (about 5 a second; one recorder sends 4). */
export const COLLAB_LIVE_FRAMES_PER_MINUTE = 300;
/**
 * A recording clip that has heard nothing for this long is gone for the others (the recorder's
 * page closed without a word); a recorder saving their take keeps sending empty frames.
 */
export const COLLAB_LIVE_STALE_MS = 4_000;

/** `:id` and `:takeId` of a take's routes. */
export const TakeParams = z.object({ id: z.string(), takeId: z.string() });

/**
 * PATCH /api/collaborative-sessions/{id}/takes/{takeId}: a member moves one of their own takes.
 * The server puts the start on the session's grid (COLLAB_SNAP at the beat's tempo) and keeps the
 * take inside the timeline's hour.
 */
export const MoveTakeBody = z.object({
  start_seconds: z
    .number('start_seconds must be a number of seconds')
    .min(0, 'start_seconds must be 0 or more'),
});
export type MoveTakeBody = z.infer<typeof MoveTakeBody>;

/**
 * POST /api/collaborative-sessions/{id}/takes/live: a frame of the caller's take in progress.
 * `at` counts the levels sent before this frame (so a member who arrives mid-take draws the
 * frame where it belongs); `levels` are the input's peak levels since, 0 to 1.
 */
export const LiveTakeBody = z.object({
  at: z.number().int('at must be a whole number').min(0, 'at must be 0 or more'),
  levels: z
    .array(z.number().min(0).max(1), 'levels must be a list of levels from 0 to 1')
    .max(COLLAB_LIVE_FRAME_MAX_LEVELS, `levels holds at most ${COLLAB_LIVE_FRAME_MAX_LEVELS} values`),
});
export type LiveTakeBody = z.infer<typeof LiveTakeBody>;
