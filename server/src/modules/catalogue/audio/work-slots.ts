/**
 * At most `max` pieces of heavy work (decoding, analysis) at once in this process; the rest wait
 * in arrival order. Each piece holds a decoder and a core for as long as it runs, so an upload
 * burst queues instead of starving the requests around it.
 */
export function createWorkSlots(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
