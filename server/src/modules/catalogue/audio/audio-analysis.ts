import type { Readable } from 'node:stream';
import type { WaveformPeaks } from '@beatroom/shared/beats-contract';
import { CompressedDecoder } from './compressed-decoder';
import { PeakAccumulator } from './peaks';
import type { AudioFormat } from './sniff';
import { analyseWav, InvalidAudioError } from './wav';
import { createWorkSlots } from './work-slots';

export { InvalidAudioError } from './wav';

export interface AudioAnalysis {
  durationSeconds: number;
  peaks: WaveformPeaks;
}

/**
 * Compressed audio is decoded at this rate: the waveform only needs the envelope, and a low
 * rate keeps each decoded chunk small.
 */
const DECODE_RATE = 8000;
/** Analyses at once per process: each holds a chunk and a decoder, and uses a core. */
const MAX_CONCURRENT = 2;

const withSlot = createWorkSlots(MAX_CONCURRENT);

/**
 * Duration and waveform of a stored audio file, read once from storage as a stream. Throws
 * InvalidAudioError when the content is not playable audio of the sniffed format.
 *
 * Trade-off: WAV is parsed in one streaming pass (memory: one chunk, however large the file).
 * MP3 and FLAC need a decoder, fed in chunks of 1 to 3 MB (see CompressedDecoder): memory stays
 * at one chunk and its PCM; a false frame sync may drop one frame (milliseconds) from the drawing.
 * Every duration is measured, never taken from a header: WAV's from the sample bytes actually
 * present, MP3's and FLAC's from the decoded audio (FLAC's STREAMINFO count is used only where
 * it agrees, for its sample-exact precision). music-metadata is not used: it would read the whole
 * file once more, and it believes headers.
 */
export function analyseAudio(format: AudioFormat, open: () => Promise<Readable>): Promise<AudioAnalysis> {
  return withSlot(async () => {
    if (format === 'wav') return analyseWav(await open());
    const decoded = await decodePeaks(format, await open());
    if (!(decoded.durationSeconds > 0)) throw new InvalidAudioError('The file holds no audio');
    return decoded;
  });
}

async function decodePeaks(format: 'mp3' | 'flac', stream: Readable): Promise<AudioAnalysis> {
  const decoder = new CompressedDecoder(format, stream, DECODE_RATE);
  let peaks: PeakAccumulator | null = null;
  let frames = 0;
  for await (const audio of decoder.chunks()) {
    const channels = Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c));
    peaks ??= new PeakAccumulator(audio.sampleRate, channels.length);
    peaks.addPlanar(channels, audio.length);
    frames += audio.length;
  }
  if (!peaks || frames === 0) throw new InvalidAudioError('No audio could be decoded from the file');
  return {
    peaks: peaks.finish(),
    durationSeconds: measuredSeconds(decoder.declaredSeconds, frames / DECODE_RATE),
  };
}

/**
 * Decoding at DECODE_RATE resamples each chunk, which may round a few samples off the length; a
 * declared length within this of the decoded one is the exact figure, anything else a false claim.
 */
const DECLARED_TOLERANCE_SECONDS = 0.05;

/** The decoded length, or the declared one when it agrees with what was decoded. */
export function measuredSeconds(declared: number | null, decoded: number): number {
  return declared !== null && Math.abs(declared - decoded) <= DECLARED_TOLERANCE_SECONDS ? declared : decoded;
}
