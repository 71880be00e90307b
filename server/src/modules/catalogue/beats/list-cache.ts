/**
 * A small TTL + LRU cache for catalogue pages. Browsing is read-heavy and the same pages (home,
 * a genre, a popular search) are asked for over and over; answering them from memory for a
 * second or two takes the database off the hot path.
 *
 * - Single flight: concurrent misses for one key share one load, so an expiring popular page
 *   does not send fifty identical queries to the database at once.
 * - Stale while revalidate: for another TTL after expiry the old page is still answered while
 *   one request refreshes it in the background.
 * - Writes through this instance clear it; other instances see a change within 2 × TTL, and
 *   play counts may lag by as much.
 */
export function createListCache<T>(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: T }>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;

  function store(key: string, value: T) {
    entries.delete(key);
    entries.set(key, { at: now(), value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  function load(key: string, loader: () => Promise<T>): Promise<T> {
    const pending = loading.get(key);
    if (pending) return pending;
    const started = generation;
    const promise = loader()
      .then((value) => {
        // A write cleared the cache while this was loading: the value may predate the write.
        if (started === generation) store(key, value);
        return value;
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key);
      });
    loading.set(key, promise);
    return promise;
  }

  return {
    /** The cached value, a stale one while it refreshes, or a fresh load shared by all callers. */
    async get(key: string, loader: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return loader();
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Infinity;
      if (entry && age < ttlMs) return entry.value;
      if (entry && age < 2 * ttlMs) {
        load(key, loader).catch(() => {}); // the next caller after a failure loads again
        return entry.value;
      }
      if (entry) entries.delete(key);
      return load(key, loader);
    },

    clear(): void {
      generation++;
      entries.clear();
      loading.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

/** The same query always gives the same key, whatever the order of its parameters. */
export function cacheKey(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
