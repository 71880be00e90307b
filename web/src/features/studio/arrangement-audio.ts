// The timeline's part of the studio's audio (real-studio-audio.ts): the takes kept for it (16-bit
// mono, engine/compact-take.ts), live playback of the arrangement (each audible track through its
// own vocal chain, volume and pan, over the beat; each take expanded only as far as it plays) and
// its export (the same, rendered offline stretch by stretch straight into WAV 24-bit or MP3 320).
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import {
  audibleTracks,
  arrangementEnd,
  trackSlices,
  type PlaybackSlice,
} from '@beatroom/shared/studio-arrangement-playback';
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { rebaseSlices, scheduleSlices, takeSpans } from './engine/arrangement-schedule';
import { mixArrangement, mixdownLength, type ArrangementMixdownInput } from './engine/arrangement-mixdown';
import { compactTake, expandTake, type CompactTake } from './engine/compact-take';
import { wavBlobWriter } from './engine/mixdown';
import { mp3Writer } from './engine/mp3-encode';
import type { Scale } from './engine/pitch-correction';
import { buildVocalChain, type VocalChain } from './engine/vocal-chain';
import type { ExportFormat } from './studio-audio';

export interface ArrangementAudioDeps {
  ctx: AudioContext;
  /** Where the timeline plays (the studio's output, metered). */
  output: AudioNode;
  beat: () => AudioBuffer | null;
  beatVolume: () => number;
  scale: Scale;
  /** Whether the live chains get the pitch-correction worklet (loaded by the studio). */
  pitchWorklet: () => Promise<boolean>;
}

interface PlayingArrangement {
  sources: AudioScheduledSourceNode[];
  chains: VocalChain[];
  nodes: AudioNode[];
  startedAt: number;
  from: number;
  timer: number;
}

export function createArrangementAudio(deps: ArrangementAudioDeps) {
  const { ctx } = deps;
  const takes = new Map<string, CompactTake>();
  let playing: PlayingArrangement | null = null;
  /** Bumped by every stop, so a play still reading its takes knows it was overtaken. */
  let generation = 0;

  function stop(): void {
    generation++;
    if (!playing) return;
    window.clearTimeout(playing.timer);
    playing.sources.forEach((source) => {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Never started.
      }
      source.disconnect();
    });
    playing.chains.forEach((chain) => chain.dispose());
    playing.nodes.forEach((node) => node.disconnect());
    playing = null;
  }

  /** Each take's audio from `from` on as far as the slices play it, as float. */
  async function playingBuffers(slices: readonly PlaybackSlice[], from: number) {
    const rateOf = (takeId: string) => takes.get(takeId)?.sampleRate;
    const read = [...takeSpans(slices, rateOf, 0, from, Infinity)].map(async ([takeId, [first, last]]) => {
      const take = takes.get(takeId)!;
      const end = Math.min(last, take.length);
      if (end <= first) return null;
      const buffer = ctx.createBuffer(1, end - first, take.sampleRate);
      await expandTake(take, first, buffer.getChannelData(0));
      return [takeId, { buffer, startS: first / take.sampleRate }] as const;
    });
    return new Map((await Promise.all(read)).filter((entry) => entry !== null));
  }

  return {
    takes,
    keep(takeId: string, buffer: AudioBuffer): void {
      takes.set(takeId, compactTake(buffer));
    },

    position(): number | null {
      return playing ? playing.from + Math.max(0, ctx.currentTime - playing.startedAt) : null;
    },

    async play(arrangement: Arrangement, from: number, onEnded: () => void): Promise<void> {
      stop();
      const mine = generation;
      await ctx.resume();
      const pitchWorklet = await deps.pitchWorklet();
      // Every take's stretch is read before anything is scheduled, so all start together.
      const tracks = await Promise.all(
        audibleTracks(arrangement).map(async (track) => {
          const slices = trackSlices(arrangement, track.id);
          return { track, slices, buffers: await playingBuffers(slices, from) };
        }),
      );
      if (generation !== mine) return;
      const beat = deps.beat();
      const at = ctx.currentTime + 0.1;
      const next: PlayingArrangement = { sources: [], chains: [], nodes: [], startedAt: at, from, timer: 0 };
      if (beat && from < beat.duration) {
        const source = ctx.createBufferSource();
        source.buffer = beat;
        const gain = ctx.createGain();
        gain.gain.value = deps.beatVolume();
        source.connect(gain).connect(deps.output);
        source.start(at, from);
        next.sources.push(source);
        next.nodes.push(gain);
      }
      for (const { track, slices, buffers } of tracks) {
        const chain = buildVocalChain(ctx, track.effects, { pitchWorklet, scale: deps.scale });
        const volume = ctx.createGain();
        volume.gain.value = track.volume;
        const pan = ctx.createStereoPanner();
        pan.pan.value = track.pan;
        chain.output.connect(volume).connect(pan).connect(deps.output);
        next.chains.push(chain);
        next.nodes.push(volume, pan);
        next.sources.push(
          ...scheduleSlices(ctx, {
            slices: rebaseSlices(slices, buffers),
            buffer: (takeId) => buffers.get(takeId)?.buffer,
            input: chain.input,
            at,
            from,
            shift: 0,
          }),
        );
      }
      playing = next;
      const end = Math.max(beat?.duration ?? 0, arrangementEnd(arrangement));
      next.timer = window.setTimeout(
        () => {
          if (playing !== next) return;
          stop();
          onEnded();
        },
        Math.max(0, (end - from + 0.1) * 1000),
      );
    },

    stop,

    async export(
      arrangement: Arrangement,
      format: ExportFormat,
      onProgress: (fraction: number) => void,
    ): Promise<Blob> {
      const beat = deps.beat();
      if (!beat) throw new Error('The beat is not loaded');
      const input: ArrangementMixdownInput = {
        beat,
        beatVolume: deps.beatVolume(),
        arrangement,
        takes,
        scale: deps.scale,
        sampleRate: STUDIO_AUDIO.SAMPLE_RATE,
        onProgress,
      };
      // Each stretch of the mix goes into the file as soon as it is rendered, so the page never
      // holds the whole mix as float, nor (a Blob per stretch) the whole file.
      const length = mixdownLength(input);
      if (format === 'mp3') {
        const mp3 = await mp3Writer(2, STUDIO_AUDIO.SAMPLE_RATE);
        await mixArrangement(input, (channels) => mp3.write(channels));
        return mp3.finish();
      }
      const wav = wavBlobWriter(2, STUDIO_AUDIO.SAMPLE_RATE, length, 24);
      await mixArrangement(input, (channels) => wav.write(channels));
      return wav.finish();
    },
  };
}
