import type { Readable } from 'node:stream';
import { CompressedDecoder } from './compressed-decoder';
import type { AudioFormat } from './sniff';
import { InvalidAudioError, wavPcm } from './wav';

/** Planar PCM: one Float32Array (-1..1) per channel, all of one length, at sampleRate. */
export interface PcmBlock {
  channels: Float32Array[];
  sampleRate: number;
}

/**
 * The samples of a stored audio file, in order, a block at a time, for work that transforms the
 * whole track (preview and rendition encoding) without ever holding it whole. WAV keeps its own
 * sample rate; MP3 and FLAC are decoded at `compressedRate`. Throws InvalidAudioError when
 * nothing decodes.
 */
export async function* decodePcm(
  format: AudioFormat,
  stream: Readable,
  compressedRate = 44_100,
): AsyncGenerator<PcmBlock> {
  if (format === 'wav') {
    yield* wavPcm(stream);
    return;
  }
  const decoder = new CompressedDecoder(format, stream, compressedRate);
  let frames = 0;
  for await (const audio of decoder.chunks()) {
    frames += audio.length;
    yield {
      channels: Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c)),
      sampleRate: audio.sampleRate,
    };
  }
  if (frames === 0) throw new InvalidAudioError('No audio could be decoded from the file');
}
