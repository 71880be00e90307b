/** A burst of plays from one listener within this window counts as one play. */
export const PLAY_DEDUP_WINDOW_MS = 30_000;
/** Listeners remembered at once; the oldest are forgotten first, so memory stays bounded. */
const MAX_ENTRIES = 50_000;

/**
 * Remembers who played which beat recently, in memory (per server instance: another
 * instance may count the same burst once more, which is acceptable for a play counter).
 * A Map keeps insertion order, which makes it a small LRU: re-inserting moves a key last.
 */
export function createRecentPlays(
  options: { windowMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const windowMs = options.windowMs ?? PLAY_DEDUP_WINDOW_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const counted = new Map<string, number>();

  return {
    /** True when this play should count: the listener has not had one counted in the window. */
    shouldCount(beatId: string, listener: string): boolean {
      const key = `${beatId}|${listener}`;
      const at = now();
      const last = counted.get(key);
      if (last !== undefined && at - last < windowMs) return false;
      counted.delete(key);
      counted.set(key, at);
      if (counted.size > maxEntries) counted.delete(counted.keys().next().value!);
      return true;
    },
    get size() {
      return counted.size;
    },
  };
}

export type RecentPlays = ReturnType<typeof createRecentPlays>;
