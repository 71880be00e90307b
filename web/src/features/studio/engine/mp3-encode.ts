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

export async function encodeMp3(buffer: PcmSource, onProgress?: (fraction: number) => void): Promise<Blob> {
  const { createMp3Encoder } = await import('wasm-media-encoders');
  const encoder = await createMp3Encoder();
  const channels = Math.min(2, buffer.numberOfChannels) as 1 | 2;
  encoder.configure({ channels, sampleRate: buffer.sampleRate, bitrate: 320 });
  const data = Array.from({ length: channels }, (_, c) => buffer.getChannelData(c));
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let start = 0; start < buffer.length; start += CHUNK_FRAMES) {
    const end = Math.min(buffer.length, start + CHUNK_FRAMES);
    // The encoder's output is only valid until the next call: copied out.
    parts.push(encoder.encode(data.map((channel) => channel.subarray(start, end))).slice());
    onProgress?.(end / buffer.length);
    if ((start / CHUNK_FRAMES) % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  parts.push(encoder.finalize().slice());
  return new Blob(parts, { type: 'audio/mpeg' });
}
