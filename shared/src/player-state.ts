// The audio player's state: the beat fields a queue entry holds,
// the state the reducer in player-queue.ts moves between, and its defaults.
import { z } from 'zod';
import { Beat } from './beats-contract';

/** The beat fields the player needs: enough to play, show and link it, small enough to save. */
export const PlayerBeat = Beat.pick({
  id: true,
  user_id: true,
  title: true,
  producer_name: true,
  genre: true,
  audio_file_key: true,
  cover_image_key: true,
  duration_seconds: true,
  price_cents: true,
  is_free: true,
});
export type PlayerBeat = z.infer<typeof PlayerBeat>;

/** A queued beat. queueId is made on the client from the beat id and a timestamp. */
export const QueueEntry = PlayerBeat.extend({ queueId: z.string() });
export type QueueEntry = z.infer<typeof QueueEntry>;

export { DEFAULT_PLAYER_STATE, makeQueueId, toPlayerBeat, type PlayerState } from './player-defaults';
