// The player's saved state ("Local storage holds ... the audio state"): the schema of what the
// web and desktop apps keep locally between visits. How a visit starts from it is in
// player-saved-state-rules.ts, without zod (the web's player store loads on every page).
import { z } from 'zod';
import { REPEAT_MODES } from './catalogue-constants';
import { QueueEntry } from './player-state';

/** What is kept locally: queue, index, volume, repeat and shuffle. */
export const SavedPlayerState = z.object({
  queue: z.array(QueueEntry),
  currentIndex: z.number().int(),
  volume: z.number().min(0).max(1),
  repeat: z.enum(REPEAT_MODES),
  shuffle: z.boolean(),
});
export type SavedPlayerState = z.infer<typeof SavedPlayerState>;
