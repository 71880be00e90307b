/**
 * Reads exact byte counts from a stream of chunks without holding more than one chunk plus
 * what was asked for: the WAV and FLAC readers parse headers with it and then stream the rest.
 */
export class ChunkReader {
  private pending: Buffer = Buffer.alloc(0);
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.pending.length < n && !this.done) {
      const { value, done } = await this.iterator.next();
      if (done) this.done = true;
      else this.pending = this.pending.length ? Buffer.concat([this.pending, value]) : value;
    }
  }

  /** Exactly n bytes, or fewer when the stream ends first. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    const out = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(out.length);
    return out;
  }

  /**
   * Copies up to n bytes into target at offset, straight from the stream's chunks (no
   * intermediate buffer); answers how many were copied (fewer only at the end of the stream).
   */
  async readInto(target: Uint8Array, offset: number, n: number): Promise<number> {
    let copied = 0;
    while (copied < n) {
      if (this.pending.length === 0) {
        await this.fill(1);
        if (this.pending.length === 0) break;
      }
      const step = Math.min(n - copied, this.pending.length);
      target.set(this.pending.subarray(0, step), offset + copied);
      this.pending = this.pending.subarray(step);
      copied += step;
    }
    return copied;
  }

  /** Skips n bytes, streaming; answers how many were really skipped. */
  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      if (this.pending.length === 0) {
        await this.fill(1);
        if (this.pending.length === 0) break;
      }
      const step = Math.min(left, this.pending.length);
      this.pending = this.pending.subarray(step);
      left -= step;
    }
    return n - left;
  }

  /** The next chunk of whatever size the stream gives, or null at the end. */
  async next(): Promise<Buffer | null> {
    if (this.pending.length) {
      const out = this.pending;
      this.pending = Buffer.alloc(0);
      return out;
    }
    if (this.done) return null;
    const { value, done } = await this.iterator.next();
    if (done) {
      this.done = true;
      return null;
    }
    return value;
  }

  /** Stops the underlying stream early (it is destroyed, freeing its resources). */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}
