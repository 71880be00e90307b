import { describe, expect, it } from 'vitest';
import { cacheKey, createListCache } from './list-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createListCache', () => {
  it('answers from memory within the TTL, then serves stale while one refresh runs', async () => {
    let now = 0;
    let loads = 0;
    const cache = createListCache<number>({ ttlMs: 1000, now: () => now });
    const loader = async () => ++loads;
    expect(await cache.get('k', loader)).toBe(1);
    now = 999;
    expect(await cache.get('k', loader)).toBe(1);
    now = 1500; // stale: the old value at once, a refresh behind it
    expect(await cache.get('k', loader)).toBe(1);
    await Promise.resolve();
    expect(await cache.get('k', loader)).toBe(2);
    now = 5000; // too old to serve: load again
    expect(await cache.get('k', loader)).toBe(3);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createListCache<string>({ ttlMs: 1000 });
    const pending = deferred<string>();
    let loads = 0;
    const loader = () => {
      loads++;
      return pending.promise;
    };
    const all = Promise.all(Array.from({ length: 50 }, () => cache.get('k', loader)));
    pending.resolve('page');
    expect(await all).toEqual(Array(50).fill('page'));
    expect(loads).toBe(1);
  });

  it('does not keep a value loaded before a write cleared the cache', async () => {
    const cache = createListCache<string>({ ttlMs: 1000 });
    const slow = deferred<string>();
    const first = cache.get('k', () => slow.promise);
    cache.clear();
    slow.resolve('before the write');
    expect(await first).toBe('before the write');
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
  });

  it('is off with a TTL of 0, and bounded in size', async () => {
    let loads = 0;
    const off = createListCache<number>({ ttlMs: 0 });
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    expect(loads).toBe(2);
    const small = createListCache<number>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await small.get(key, async () => 1);
    expect(small.size).toBe(2);
  });

  it('makes one key per query whatever the parameter order', () => {
    expect(cacheKey({ a: 1, b: 'x', c: undefined })).toBe(cacheKey({ b: 'x', a: 1 }));
    expect(cacheKey({ a: 1 })).not.toBe(cacheKey({ a: 2 }));
  });
});
