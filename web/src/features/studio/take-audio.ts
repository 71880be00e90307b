// The recorded take's part of the studio's audio (real-studio-audio.ts): the last take decoded,
// placed on the beat's timeline, and played back through the vocal chain over the beat.
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { stopSources, type BeatAudio, type Playing } from './beat-audio';
import type { VocalChain } from './engine/vocal-chain';
import type { TakeInfo } from './studio-audio';

/**
 * How long the chain stays connected after the take stops: the reverb's tail and the echo's
 * repeats (0.3 feedback falls 60 dB in under 2 s) ring out instead of being cut.
 */
export const CHAIN_RELEASE_MS = (STUDIO_AUDIO.REVERB_TAIL_S + 2) * 1000;

/**
 * Connects the chain to the output only while a take plays through it (and its tail rings out).
 * Left connected, the chain's always-running parts (the pitch worklet, the chorus oscillator)
 * kept the audio thread rendering its silence: about a sixth of a core on an idle studio page.
 */
export function chainRoute(output: AudioNode) {
  let connected: VocalChain | null = null;
  let release = 0;
  const disconnect = () => {
    window.clearTimeout(release);
    release = 0;
    connected?.output.disconnect(output);
    connected = null;
  };
  return {
    connect(chain: VocalChain): void {
      window.clearTimeout(release);
      release = 0;
      if (connected === chain) return;
      disconnect();
      chain.output.connect(output);
      connected = chain;
    },
    /** The take stopped: the chain is let go once its tail has rung out. */
    release(): void {
      if (connected && release === 0) release = window.setTimeout(disconnect, CHAIN_RELEASE_MS);
    },
    disconnect,
  };
}

export function createTakeAudio(deps: {
  ctx: AudioContext;
  beat: BeatAudio;
  /** The vocal chain, once it is built (the take does not play before). */
  chain: () => VocalChain | null;
  /** Where the chain is heard (connected while the take plays). */
  output: AudioNode;
}) {
  const { ctx, beat } = deps;
  const route = chainRoute(deps.output);
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
    route.release();
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
      route.connect(chain);
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
        route.release();
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
      route.disconnect();
    },
  };
}
