import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export type Mp3Bitrate = 128 | 320;

/** MPEG-1 Layer III rates (the only ones 320 kb/s allows); anything else is resampled by LAME. */
const MPEG1_RATES = [32_000, 44_100, 48_000] as const;

/** The rate an MP3 is written at: the input's when MPEG-1 has it, else 48 kHz or 44.1 kHz. */
export function mp3OutputRate(inputRate: number): (typeof MPEG1_RATES)[number] {
  const same = MPEG1_RATES.find((rate) => rate === inputRate);
  if (same) return same;
  return inputRate > 48_000 ? 48_000 : 44_100;
}

let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * LAME compiled to WebAssembly, read from the wasm-media-encoders package in node_modules (never
 * fetched) and compiled once per process; each encoder instantiates it afresh.
 */
function lameModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const path = createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3');
    return WebAssembly.compile(await readFile(path));
  })();
  return compiled;
}

export interface Mp3Encoder {
  /** Encodes planar samples (1 or 2 channels, -1..1); answers the MP3 bytes ready so far. */
  encode(channels: Float32Array[]): Buffer;
  /** The last frames; the encoder is done afterwards. */
  finish(): Buffer;
}

/**
 * A constant-bitrate MP3 encoder for one stream. Bytes come out as samples go in, so callers
 * stream the result instead of building it in memory.
 */
export async function createMp3Encoder(options: {
  sampleRate: number;
  channels: 1 | 2;
  bitrate: Mp3Bitrate;
}): Promise<Mp3Encoder> {
  // Loaded with the first preview rendered, not at server start-up.
  const { createEncoder } = await import('wasm-media-encoders');
  const encoder = await createEncoder('audio/mpeg', await lameModule());
  encoder.configure({
    sampleRate: options.sampleRate,
    channels: options.channels,
    bitrate: options.bitrate,
    outputSampleRate: mp3OutputRate(options.sampleRate),
  });
  // The encoder owns the bytes it returns and reuses them on the next call: copy them out.
  return {
    encode: (channels) => Buffer.from(encoder.encode(channels)),
    finish: () => Buffer.from(encoder.finalize()),
  };
}
