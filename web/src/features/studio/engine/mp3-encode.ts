// MP3 320 kb/s of a rendered mix, with LAME compiled to WebAssembly (wasm-media-encoders, the
// encoder the server makes previews with). Loaded on first use: the studio's first screen does
// not carry the encoder.

interface PcmSource {
  numberOfChannels: number;
  sampleRate: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

/** Frames handed to the encoder at a time, so progress can be reported and the page breathes. */
const CHUNK_FRAMES = 48_000;

export interface Mp3Writer {
  /** Encodes frames (one array per channel); yields to the page now and then. */
  write(channels: readonly Float32Array[]): Promise<void>;
  finish(): Blob;
}

/** An MP3 encoder fed as the audio comes (the timeline's export streams its mix). */
export async function mp3Writer(channels: 1 | 2, sampleRate: number): Promise<Mp3Writer> {
  const { createMp3Encoder } = await import('wasm-media-encoders');
  const encoder = await createMp3Encoder();
  encoder.configure({ channels, sampleRate, bitrate: 320 });
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let chunks = 0;
  return {
    async write(data) {
      const length = data[0]?.length ?? 0;
      for (let start = 0; start < length; start += CHUNK_FRAMES) {
        const end = Math.min(length, start + CHUNK_FRAMES);
        // The encoder's output is only valid until the next call: copied out.
        parts.push(
          encoder.encode(data.slice(0, channels).map((channel) => channel.subarray(start, end))).slice(),
        );
        if (++chunks % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
    finish() {
      parts.push(encoder.finalize().slice());
      return new Blob(parts, { type: 'audio/mpeg' });
    },
  };
}

export async function encodeMp3(buffer: PcmSource, onProgress?: (fraction: number) => void): Promise<Blob> {
  const channels = Math.min(2, buffer.numberOfChannels) as 1 | 2;
  const writer = await mp3Writer(channels, buffer.sampleRate);
  const data = Array.from({ length: channels }, (_, c) => buffer.getChannelData(c));
  for (let start = 0; start < buffer.length; start += CHUNK_FRAMES) {
    const end = Math.min(buffer.length, start + CHUNK_FRAMES);
    await writer.write(data.map((channel) => channel.subarray(start, end)));
    onProgress?.(end / buffer.length);
  }
  return writer.finish();
}
