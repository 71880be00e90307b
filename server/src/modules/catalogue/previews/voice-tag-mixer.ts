/**
 * Where a producer's voice tag is heard in a preview: 1 s in (before most listeners skip, and
 * after the first downbeat), then every 30 s (1 s, 31 s, 61 s, ...). A tag cut by the end of
 * the track simply stops there.
 */
export const VOICE_TAG_FIRST_SECONDS = 1;
export const VOICE_TAG_EVERY_SECONDS = 30;

/** Under the tag the beat dips 6 dB, easing down and back up over 50 ms so nothing clicks. */
const DUCK_GAIN = 0.5;
const RAMP_SECONDS = 0.05;
/**
 * Tags arrive at any loudness: each is levelled to about -14 dBFS RMS, but its peaks never pass
 * 0.5, so beat (ducked to at most 0.5) plus tag stays within full scale without a limiter.
 */
const TAG_TARGET_RMS = 0.2;
const TAG_PEAK_CEILING = 0.5;

/** A decoded voice tag: mono samples at their own rate. */
export interface VoiceTag {
  samples: Float32Array;
  sampleRate: number;
}

/** Linear interpolation: plenty for a spoken tag, and it needs no filter state. */
function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const out = new Float32Array(Math.max(1, Math.round((samples.length * to) / from)));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const next = samples[Math.min(index + 1, samples.length - 1)]!;
    const here = samples[Math.min(index, samples.length - 1)]!;
    out[i] = here + (next - here) * (position - index);
  }
  return out;
}

function levelled(samples: Float32Array): Float32Array {
  let peak = 0;
  let sumSquares = 0;
  for (const v of samples) {
    peak = Math.max(peak, Math.abs(v));
    sumSquares += v * v;
  }
  const rms = Math.sqrt(sumSquares / samples.length);
  if (peak === 0) return new Float32Array(0);
  const gain = Math.min(TAG_TARGET_RMS / rms, TAG_PEAK_CEILING / peak);
  return samples.map((v) => v * gain);
}

/**
 * Mixes a voice tag into a stream of blocks at the schedule above. Works on blocks of any size
 * in order, by absolute frame position, so a tag may straddle blocks.
 */
export class VoiceTagMixer {
  private readonly tag: Float32Array;
  private readonly first: number;
  private readonly every: number;
  private readonly ramp: number;

  constructor(tag: VoiceTag, sampleRate: number) {
    this.tag = levelled(resample(tag.samples, tag.sampleRate, sampleRate));
    this.first = Math.round(VOICE_TAG_FIRST_SECONDS * sampleRate);
    this.every = Math.round(VOICE_TAG_EVERY_SECONDS * sampleRate);
    this.ramp = Math.max(1, Math.round(RAMP_SECONDS * sampleRate));
  }

  /** Mixes into `channels` (planar, modified in place), whose first frame is `startFrame`. */
  mix(channels: Float32Array[], startFrame: number): void {
    const length = this.tag.length;
    if (length === 0 || channels.length === 0) return;
    const end = startFrame + channels[0]!.length;
    const { first, every, ramp } = this;
    let k = Math.max(0, Math.floor((startFrame - first - length - ramp) / every));
    for (; first + k * every - ramp < end; k++) {
      const tagStart = first + k * every;
      const tagEnd = tagStart + length;
      const from = Math.max(startFrame, tagStart - ramp);
      const to = Math.min(end, tagEnd + ramp);
      for (let frame = from; frame < to; frame++) {
        let gain = DUCK_GAIN;
        if (frame < tagStart) gain = 1 - ((1 - DUCK_GAIN) * (frame - (tagStart - ramp))) / ramp;
        else if (frame >= tagEnd) gain = DUCK_GAIN + ((1 - DUCK_GAIN) * (frame - tagEnd)) / ramp;
        const voice = frame >= tagStart && frame < tagEnd ? this.tag[frame - tagStart]! : 0;
        const i = frame - startFrame;
        for (const channel of channels) channel[i] = channel[i]! * gain + voice;
      }
    }
  }
}
