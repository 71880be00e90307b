import type { Readable } from 'node:stream';
import type { RecordingFormat } from '@beatroom/shared/recordings-contract';
import type { WaveformPeaks } from '@beatroom/shared/beats-contract';
import { PeakAccumulator } from '../../catalogue/audio/peaks';
import { analyseWav, InvalidAudioError } from '../../catalogue/audio/wav';
import { InvalidWebmError, looksLikeEbml } from './ebml-elements';
import type { OpusHead } from './opus-head';
import { WebmOpusReader } from './webm-opus-reader';
import { createWorkSlots } from '../../catalogue/audio/work-slots';

export { InvalidAudioError } from '../../catalogue/audio/wav';

export interface RecordingAnalysis {
  durationSeconds: number;
  peaks: WaveformPeaks;
}

/** Opus always decodes at 48 kHz (RFC 7845: pre-skip and granule positions count at 48 kHz). */
const OPUS_RATE = 48_000;
/** Frames handed to the WASM decoder per call: fewer crossings into WASM, bounded memory. */
const DECODE_BATCH = 64;
/** The opus-decoder's input buffer per channel (its `_inputSize`); a bigger frame is corrupt. */
const MAX_FRAME_BYTES_PER_CHANNEL = 3840;
/** Decodes at once per process: each uses a core for as long as the take lasts / ~200. */
const MAX_CONCURRENT = 1;

const withSlot = createWorkSlots(MAX_CONCURRENT);

/** What a take's first bytes say it is: WebM (EBML) or WAV (RIFF/WAVE); null for anything else. */
export function sniffRecording(head: Buffer): RecordingFormat | null {
  if (looksLikeEbml(head)) return 'webm';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WAVE'
  ) {
    return 'wav';
  }
  return null;
}

export const RECORDING_CONTENT_TYPES: Record<RecordingFormat, string> = {
  webm: 'audio/webm',
  wav: 'audio/wav',
};

/** opus-decoder is ESM with a ~200 KB WASM module: loaded with the first take, not at start-up. */
async function createDecoder(head: OpusHead) {
  const { OpusDecoder } = await import('opus-decoder');
  const decoder = new OpusDecoder({
    channels: head.channels,
    preSkip: head.preSkip,
    streamCount: head.streamCount,
    coupledStreamCount: head.coupledStreamCount,
    channelMappingTable: head.channelMappingTable,
    sampleRate: OPUS_RATE,
  });
  await decoder.ready;
  return decoder;
}

/**
 * Duration and waveform of a WebM/Opus take, read once as a stream: the file is demuxed chunk
 * by chunk (WebmOpusReader) and its frames decoded in batches, so memory stays at one chunk
 * and one batch however long the take. The duration is the decoded audio's (after the
 * OpusHead's pre-skip), never a header's: MediaRecorder writes none. Throws InvalidAudioError
 * when the file is not WebM with a decodable Opus track.
 */
export async function analyseWebmOpus(source: AsyncIterable<Buffer>): Promise<RecordingAnalysis> {
  const reader = new WebmOpusReader();
  let decoder: Awaited<ReturnType<typeof createDecoder>> | null = null;
  let peaks: PeakAccumulator | null = null;
  let samples = 0;
  let frames = 0;
  let failed = 0;
  let batch: Buffer[] = [];

  const decodeBatch = () => {
    if (!decoder || !peaks || batch.length === 0) return;
    const maxBytes = MAX_FRAME_BYTES_PER_CHANNEL * reader.opusHead!.channels;
    const fitting = batch.filter((frame) => frame.length > 0 && frame.length <= maxBytes);
    failed += batch.length - fitting.length;
    frames += batch.length;
    batch = [];
    if (fitting.length === 0) return;
    const decoded = decoder.decodeFrames(fitting.map((frame) => new Uint8Array(frame)));
    failed += decoded.errors.length;
    if (decoded.samplesDecoded > 0) {
      peaks.addPlanar(decoded.channelData, decoded.samplesDecoded);
      samples += decoded.samplesDecoded;
    }
  };

  try {
    for await (const chunk of source) {
      for (const frame of reader.push(chunk)) {
        if (!decoder) {
          decoder = await createDecoder(reader.opusHead!);
          peaks = new PeakAccumulator(OPUS_RATE, reader.opusHead!.channels);
        }
        batch.push(frame);
        if (batch.length >= DECODE_BATCH) decodeBatch();
      }
    }
    reader.end();
    decodeBatch();
  } catch (error) {
    if (error instanceof InvalidWebmError) throw new InvalidAudioError(error.message);
    throw error;
  } finally {
    decoder?.free();
  }
  // A take is what the browser recorded: a corrupt frame here and there is tolerated (the
  // decoder conceals it), a file of mostly undecodable frames is not audio.
  if (!peaks || samples === 0 || failed > frames / 2) {
    throw new InvalidAudioError('No Opus audio could be decoded from the file');
  }
  return { durationSeconds: samples / OPUS_RATE, peaks: peaks.finish() };
}

/** Duration and waveform of a stored take, WebM/Opus or WAV, read once from storage. */
export function analyseRecording(
  format: RecordingFormat,
  open: () => Promise<Readable>,
): Promise<RecordingAnalysis> {
  return withSlot(async () => {
    const stream = await open();
    try {
      return format === 'wav' ? await analyseWav(stream) : await analyseWebmOpus(stream);
    } finally {
      stream.destroy();
    }
  });
}
