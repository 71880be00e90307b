import { InvalidWebmError } from './ebml-elements';

/** What the OpusHead (the track's CodecPrivate, RFC 7845 §5.1) says about decoding. */
export interface OpusHead {
  channels: number;
  /** Samples at 48 kHz to drop from the start of the decoded audio. */
  preSkip: number;
  inputSampleRate: number;
  mappingFamily: number;
  streamCount: number;
  coupledStreamCount: number;
  channelMappingTable: number[];
}

/** Parses an OpusHead (RFC 7845 §5.1). */
export function parseOpusHead(data: Buffer): OpusHead {
  if (data.length < 19 || data.toString('latin1', 0, 8) !== 'OpusHead') {
    throw new InvalidWebmError('The Opus track has no OpusHead');
  }
  const channels = data[9]!;
  const mappingFamily = data[18]!;
  if (channels < 1) throw new InvalidWebmError('The Opus track has no channels');
  const head: OpusHead = {
    channels,
    preSkip: data.readUInt16LE(10),
    inputSampleRate: data.readUInt32LE(12),
    mappingFamily,
    streamCount: 1,
    coupledStreamCount: channels - 1,
    channelMappingTable: channels === 2 ? [0, 1] : [0],
  };
  if (mappingFamily === 0) {
    if (channels > 2) throw new InvalidWebmError('Opus mapping family 0 has at most 2 channels');
    return head;
  }
  if (data.length < 21 + channels) throw new InvalidWebmError('The OpusHead channel mapping is truncated');
  head.streamCount = data[19]!;
  head.coupledStreamCount = data[20]!;
  head.channelMappingTable = [...data.subarray(21, 21 + channels)];
  return head;
}
