import type { Readable } from 'node:stream';
import { VOICE_TAG_MAX_SECONDS } from '@beatroom/shared/community-contract';
import { decodePcm, type PcmBlock } from '../audio/pcm-decoder';
import type { AudioFormat } from '../audio/sniff';
import { InvalidAudioError } from '../audio/wav';
import { createMp3Encoder, type Mp3Bitrate, type Mp3Encoder } from './mp3-encoder';
import { VoiceTagMixer, type VoiceTag } from './voice-tag-mixer';

/** The public streaming rendition every beat gets. */
export const PREVIEW_BITRATE: Mp3Bitrate = 128;
/** What a basic licence delivers when the master is lossless. */
export const RENDITION_BITRATE: Mp3Bitrate = 320;

/**
 * Encodes blocks of PCM to MP3 as they come, yielding the bytes as LAME produces them: memory
 * holds one block and the encoder, never the track. More than two channels keep the first two
 * (front left and right in WAV's channel order). With a voice tag, it is mixed in on the
 * schedule of voice-tag-mixer.ts.
 */
export async function* renderMp3(
  blocks: AsyncIterable<PcmBlock>,
  options: { bitrate: Mp3Bitrate; voiceTag?: VoiceTag | null },
): AsyncGenerator<Buffer> {
  let encoder: Mp3Encoder | null = null;
  let mixer: VoiceTagMixer | null = null;
  let frame = 0;
  for await (const block of blocks) {
    const channels = block.channels.slice(0, 2);
    const length = channels[0]?.length ?? 0;
    if (length === 0) continue;
    encoder ??= await createMp3Encoder({
      sampleRate: block.sampleRate,
      channels: channels.length as 1 | 2,
      bitrate: options.bitrate,
    });
    if (options.voiceTag) {
      mixer ??= new VoiceTagMixer(options.voiceTag, block.sampleRate);
      mixer.mix(channels, frame);
    }
    frame += length;
    const bytes = encoder.encode(channels);
    if (bytes.length) yield bytes;
  }
  if (!encoder) throw new InvalidAudioError('The file holds no audio');
  yield encoder.finish();
}

/**
 * A producer's voice tag, decoded whole (it is short) and folded to mono; anything past
 * VOICE_TAG_MAX_SECONDS (the profile's limit, in case an older tag is longer) is dropped.
 */
export async function decodeVoiceTag(format: AudioFormat, stream: Readable): Promise<VoiceTag> {
  const parts: Float32Array[] = [];
  let sampleRate = 0;
  let total = 0;
  for await (const block of decodePcm(format, stream)) {
    sampleRate = block.sampleRate;
    const max = Math.round(VOICE_TAG_MAX_SECONDS * sampleRate);
    const length = Math.min(block.channels[0]!.length, max - total);
    const mono = new Float32Array(length);
    for (const channel of block.channels) {
      for (let i = 0; i < length; i++) mono[i]! += channel[i]! / block.channels.length;
    }
    parts.push(mono);
    total += length;
    if (total >= max) break;
  }
  const samples = new Float32Array(total);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  return { samples, sampleRate };
}
