// The realtime `collab` messages of live collaborative sessions (collab-sessions-contract.ts).
import { z } from 'zod';
import { CollabChatMessage, CollabTake, Participant, Track, TrackSettings } from './collab-sessions-contract';

/**
 * Realtime `collab` messages, sent to the session's members only. Each names its session, so a
 * member with two sessions open tells them apart. Transport carries `position_at` (server clock).
 */
export const CollabEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('participants'), session_id: z.string(), participants: z.array(Participant) }),
  z.object({
    type: z.literal('transport'),
    session_id: z.string(),
    is_playing: z.boolean(),
    current_position: z.number(),
    position_at: z.number(),
  }),
  z.object({
    type: z.literal('track_settings'),
    session_id: z.string(),
    track: Track,
    settings: TrackSettings,
  }),
  z.object({ type: z.literal('beat_volume'), session_id: z.string(), beat_volume: z.number() }),
  z.object({ type: z.literal('chat'), session_id: z.string(), message: CollabChatMessage }),
  /** A new take: one more clip on its track; it replaces its member's recording clip. */
  z.object({ type: z.literal('take'), session_id: z.string(), take: CollabTake }),
  /** A member moved one of their takes: the take as it now is. */
  z.object({ type: z.literal('take_moved'), session_id: z.string(), take: CollabTake }),
  /** A take left the session (its member or the host deleted it). */
  z.object({ type: z.literal('take_deleted'), session_id: z.string(), take_id: z.string() }),
  /**
   * A member's take in progress, to the others: where it starts, and the levels from `at` on
   * (collab-take-edits-contract.ts). The first comes with the start stamp (no levels yet).
   */
  z.object({
    type: z.literal('take_live'),
    session_id: z.string(),
    user_id: z.string(),
    track: Track,
    start_seconds: z.number(),
    at: z.number().int().min(0),
    levels: z.array(z.number()),
  }),
  /** The member stopped recording without adding a take: their recording clip goes. */
  z.object({ type: z.literal('take_live_ended'), session_id: z.string(), user_id: z.string() }),
  /** The host ended the session, or removed this member: the page leaves. */
  z.object({ type: z.literal('ended'), session_id: z.string() }),
  z.object({ type: z.literal('removed'), session_id: z.string(), user_id: z.string() }),
]);
export type CollabEvent = z.infer<typeof CollabEvent>;
