// The timeline's part of the studio's audio (real-studio-audio.ts): the takes kept for it, live
// playback of the arrangement (each audible track through its own vocal chain, volume and pan,
// over the beat) and its export (the same, rendered offline, then WAV 24-bit or MP3 320).
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { audibleTracks, arrangementEnd, trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { scheduleSlices } from './engine/arrangement-schedule';
import { renderArrangement } from './engine/arrangement-mixdown';
import { encodeWav } from './engine/mixdown';
import { encodeMp3 } from './engine/mp3-encode';
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
  const takes = new Map<string, AudioBuffer>();
  let playing: PlayingArrangement | null = null;

  function stop(): void {
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

  return {
    takes,
    keep(takeId: string, buffer: AudioBuffer): void {
      takes.set(takeId, buffer);
    },

    position(): number | null {
      return playing ? playing.from + Math.max(0, ctx.currentTime - playing.startedAt) : null;
    },

    async play(arrangement: Arrangement, from: number, onEnded: () => void): Promise<void> {
      stop();
      await ctx.resume();
      const pitchWorklet = await deps.pitchWorklet();
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
      for (const track of audibleTracks(arrangement)) {
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
            slices: trackSlices(arrangement, track.id),
            buffer: (takeId) => takes.get(takeId),
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
      // Rendering is most of the work; encoding an MP3 the rest.
      const renderShare = format === 'mp3' ? 0.7 : 0.95;
      const rendered = await renderArrangement({
        beat,
        beatVolume: deps.beatVolume(),
        arrangement,
        takes,
        scale: deps.scale,
        sampleRate: STUDIO_AUDIO.SAMPLE_RATE,
        onProgress: (fraction) => onProgress(fraction * renderShare),
      });
      if (format === 'mp3')
        return encodeMp3(rendered, (f) => onProgress(renderShare + f * (1 - renderShare)));
      const wav = new Blob([encodeWav(rendered, 24)], { type: 'audio/wav' });
      onProgress(1);
      return wav;
    },
  };
}
