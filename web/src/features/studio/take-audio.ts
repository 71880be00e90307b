// The recorded take's part of the studio's audio (real-studio-audio.ts): the last take decoded,
// placed on the beat's timeline, and played back through the vocal chain over the beat.
import { stopSources, type BeatAudio, type Playing } from './beat-audio';
import type { VocalChain } from './engine/vocal-chain';
import type { TakeInfo } from './studio-audio';

export function createTakeAudio(deps: {
  ctx: AudioContext;
  beat: BeatAudio;
  /** The vocal chain, once it is built (the take does not play before). */
  chain: () => VocalChain | null;
}) {
  const { ctx, beat } = deps;
  let take: AudioBuffer | null = null;
  /** On the beat's timeline: where the take's sample 0 belongs. */
  let takeOffset = 0;
  let playing: Playing | null = null;
  let position = 0;

  const pause = (): void => {
    if (!playing) return;
    position = playing.from + Math.max(0, ctx.currentTime - playing.startedAt);
    stopSources(playing);
    playing = null;
  };

  return {
    /** Decodes the take; `alignedOffset` then says where it sits on the beat's timeline. */
    async set(blob: Blob, alignedOffset: () => number): Promise<void> {
      take = await ctx.decodeAudioData(await blob.arrayBuffer());
      takeOffset = alignedOffset();
      position = 0;
    },

    play(onEnded: () => void): void {
      const chain = deps.chain();
      if (!take || !chain || playing) return;
      void ctx.resume();
      beat.pause();
      const at = ctx.currentTime + 0.05;
      // Both on the beat's timeline: the vocal's sample 0 belongs at takeOffset seconds.
      const from = position;
      const vocal = ctx.createBufferSource();
      vocal.buffer = take;
      vocal.connect(chain.input);
      const vocalFrom = from - takeOffset;
      if (vocalFrom >= 0) vocal.start(at, Math.min(vocalFrom, take.duration));
      else vocal.start(at - vocalFrom, 0);
      const sources = [vocal];
      const beatPart = beat.playFrom(Math.max(0, from), at, null);
      if (beatPart) sources.push(...beatPart.sources);
      playing = { sources, startedAt: at, from };
      vocal.onended = () => {
        stopSources(playing);
        playing = null;
        position = 0;
        onEnded();
      };
    },

    pause,

    clear(): void {
      pause();
      take = null;
      position = 0;
    },

    buffer: () => take,
    offset: () => takeOffset,

    /** Where the take's playback is on the beat's timeline, or null when it does not play. */
    position: () => (playing ? playing.from + Math.max(0, ctx.currentTime - playing.startedAt) : null),

    last(): TakeInfo | null {
      return take
        ? {
            offsetS: takeOffset,
            durationS: take.duration,
            samples: take.getChannelData(0),
            sampleRate: take.sampleRate,
          }
        : null;
    },

    dispose(): void {
      stopSources(playing);
      playing = null;
    },
  };
}
