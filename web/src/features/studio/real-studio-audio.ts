import {
  DEFAULT_STUDIO_SETTINGS,
  STUDIO_AUDIO,
  type StudioSessionData,
} from '@beatroom/shared/studio-settings';
import { apiUrl } from '../../lib/api-client';
import { describeError } from '../../lib/error-text';
import { alignTake, measureLatencies, measureLoopback, type Latencies } from './engine/alignment';
import { scheduleClick, scheduleCountIn, startMetronome } from './engine/clicks';
import { createMeterAnalyser, readLevel, readWaveform } from './engine/meters';
import { encodeWav, renderMixdown } from './engine/mixdown';
import { parseKeyScale } from './engine/pitch-correction';
import { loadPitchWorklet } from './engine/pitch-worklet';
import { buildVocalChain, type VocalChain } from './engine/vocal-chain';
import { createArrangementAudio } from './arrangement-audio';
import type { StudioAudio, StudioAudioBeat } from './studio-audio';

/** Time constant of gain changes: fast enough to follow a slider, slow enough not to click. */
const SMOOTHING_S = 0.02;
/** Head start for anything scheduled "now", so the first click is never late. */
const SCHEDULE_AHEAD_S = 0.1;
/** Calibration: the click plays this long after the recorder starts, within a recording this long. */
const CALIBRATION_CLICK_AFTER_S = 0.4;
const CALIBRATION_SECONDS = 1.5;

/** A source playing a buffer from a position, remembering where it started on the clock. */
interface Playing {
  sources: AudioBufferSourceNode[];
  /** Context time at which `from` played. */
  startedAt: number;
  from: number;
}

function stopSources(playing: Playing | null): void {
  playing?.sources.forEach((source) => {
    source.onended = null;
    try {
      source.stop();
    } catch {
      // Never started: nothing to stop.
    }
    source.disconnect();
  });
}

/**
 * The studio's audio on the engine (engine/, framework-free): one AudioContext at 48 kHz, the
 * beat through its volume to the output, the microphone to the input meter and waveform, and
 * the take played back through the vocal chain aligned to the beat. The count-in, metronome and
 * beat start are scheduled on the audio clock; timers only move the screen's numbers.
 */
export function createRealStudioAudio({ keySignature }: StudioAudioBeat): StudioAudio {
  const ctx = new AudioContext({ sampleRate: STUDIO_AUDIO.SAMPLE_RATE, latencyHint: 'interactive' });
  const scale = parseKeyScale(keySignature);
  let settings: StudioSessionData = DEFAULT_STUDIO_SETTINGS;

  const output = ctx.createGain();
  const outputAnalyser = createMeterAnalyser(ctx);
  output.connect(outputAnalyser);
  output.connect(ctx.destination);
  const beatGain = ctx.createGain();
  beatGain.gain.value = settings.beatVolume;
  beatGain.connect(output);
  // The input meter reads the microphone after its gain, as the take will be processed.
  const inputGain = ctx.createGain();
  inputGain.gain.value = settings.micVolume;
  const inputAnalyser = createMeterAnalyser(ctx);
  inputGain.connect(inputAnalyser);

  let chain: VocalChain | null = null;
  // The pitch stage needs the worklet module loaded first; the chain waits for it (or for
  // its failure: without AudioWorklet the chain has no live pitch stage, the mixdown still does).
  let pitchWorkletLoaded: Promise<boolean> = Promise.resolve(false);
  const chainReady = (pitchWorkletLoaded = loadPitchWorklet(ctx).catch((error: unknown) => {
    console.error(`Pitch correction is not available: ${describeError(error)}`);
    return false;
  })).then((pitchWorklet) => {
    if (ctx.state === 'closed') return;
    chain = buildVocalChain(ctx, settings, { pitchWorklet, scale });
    chain.output.connect(output);
  });

  let beat: AudioBuffer | null = null;
  let beatPlaying: Playing | null = null;
  let beatPosition = 0;
  const beatEndedListeners = new Set<() => void>();

  let microphone: MediaStreamAudioSourceNode | null = null;
  let inputTrack: MediaStreamTrack | undefined;
  let loopbackS: number | undefined;
  let latencies: Latencies = { inputS: 0, outputS: 0 };

  let countIn: { cancel(): void } | null = null;
  let metronome: { stop(when?: number): void } | null = null;
  let countInTimers: number[] = [];
  let beatStartTime = 0;
  let takeStartTime = 0;

  /** The last take's start on the beat (a punch-in or loop starts later than 0). */
  let takeFrom = 0;
  let beatLoop: { start: number; end: number } | null = null;
  const arrangementAudio = createArrangementAudio({
    ctx,
    output,
    beat: () => beat,
    beatVolume: () => settings.beatVolume,
    scale,
    pitchWorklet: () => pitchWorkletLoaded,
  });

  let take: AudioBuffer | null = null;
  let takeOffset = 0;
  let takePlaying: Playing | null = null;
  let takePosition = 0;

  function playBeatFrom(
    position: number,
    at: number,
    onEnded: (() => void) | null,
    loop: { start: number; end: number } | null = null,
  ): Playing | null {
    if (!beat) return null;
    const source = ctx.createBufferSource();
    source.buffer = beat;
    if (loop) {
      source.loop = true;
      source.loopStart = loop.start;
      source.loopEnd = Math.min(loop.end, beat.duration);
    }
    source.connect(beatGain);
    source.start(at, Math.min(position, beat.duration));
    source.onended = onEnded;
    return { sources: [source], startedAt: at, from: position };
  }

  function stopTakeClock(): void {
    countIn?.cancel();
    countIn = null;
    metronome?.stop();
    metronome = null;
    countInTimers.forEach((timer) => window.clearTimeout(timer));
    countInTimers = [];
  }

  const audio: StudioAudio = {
    async loadBeat(url) {
      const response = await fetch(apiUrl(url), { credentials: 'include' });
      if (!response.ok) throw new Error(`The beat's audio answered HTTP ${response.status}`);
      beat = await ctx.decodeAudioData(await response.arrayBuffer());
    },

    setSettings(next) {
      settings = next;
      const now = ctx.currentTime;
      beatGain.gain.setTargetAtTime(next.beatVolume, now, SMOOTHING_S);
      inputGain.gain.setTargetAtTime(next.micVolume, now, SMOOTHING_S);
      chain?.update(next);
    },

    playBeat() {
      if (beatPlaying || !beat) return;
      void ctx.resume();
      const at = ctx.currentTime + 0.02;
      const from = beatPosition >= beat.duration ? 0 : beatPosition;
      beatPlaying = playBeatFrom(from, at, () => {
        beatPlaying = null;
        beatPosition = 0;
        beatEndedListeners.forEach((listener) => listener());
      });
    },

    pauseBeat() {
      if (!beatPlaying) return;
      beatPosition = beatPlaying.from + Math.max(0, ctx.currentTime - beatPlaying.startedAt);
      stopSources(beatPlaying);
      beatPlaying = null;
    },

    beatPlaying: () => beatPlaying !== null,

    onBeatEnded(listener) {
      beatEndedListeners.add(listener);
      return () => beatEndedListeners.delete(listener);
    },

    attachInput(stream) {
      microphone?.disconnect();
      microphone = ctx.createMediaStreamSource(stream);
      microphone.connect(inputGain);
      inputTrack = stream.getAudioTracks()[0];
      // Another device has another round trip: a calibration made on the last one is void.
      loopbackS = undefined;
      latencies = measureLatencies(ctx, inputTrack);
    },

    async calibrate(record) {
      await ctx.resume();
      audio.pauseBeat();
      audio.pauseTake();
      let startedAt = 0;
      let clickAt = 0;
      const recording = await record(() => {
        startedAt = ctx.currentTime;
        clickAt = startedAt + CALIBRATION_CLICK_AFTER_S;
        scheduleClick(ctx, clickAt, output);
      }, CALIBRATION_SECONDS);
      const decoded = await ctx.decodeAudioData(await recording.arrayBuffer());
      const measured = measureLoopback({
        recorded: decoded.getChannelData(0),
        sampleRate: decoded.sampleRate,
        takeStartTime: startedAt,
        clickAt,
      });
      if (measured !== null) loopbackS = measured;
      latencies = measureLatencies(ctx, inputTrack, loopbackS);
      return measured;
    },

    async startTake({ countInBars, bpm, metronome: withMetronome, onCountInBeat, from = 0, loop = null }) {
      await ctx.resume();
      await chainReady;
      if (!beat) throw new Error('The beat is not loaded');
      // The output latency is only known once the context runs.
      latencies = measureLatencies(ctx, inputTrack, loopbackS);
      audio.pauseBeat();
      audio.pauseTake();
      arrangementAudio.stop();
      const startAt = ctx.currentTime + SCHEDULE_AHEAD_S;
      let beatAt = startAt;
      if (countInBars > 0) {
        const scheduled = scheduleCountIn(ctx, { bpm, bars: countInBars, startAt, destination: output });
        countIn = scheduled;
        beatAt = scheduled.endsAt;
        // The clicks are on the audio clock; these timers only show the number on screen.
        countInTimers = scheduled.clickTimes.map((time, index) =>
          window.setTimeout(() => onCountInBeat(index + 1), Math.max(0, (time - ctx.currentTime) * 1000)),
        );
      }
      if (withMetronome) metronome = startMetronome(ctx, { bpm, startAt: beatAt, destination: output });
      beatPosition = 0;
      takeFrom = Math.min(Math.max(0, from), beat.duration);
      beatLoop = loop && loop.end > loop.start && loop.start < beat.duration ? loop : null;
      beatPlaying = playBeatFrom(takeFrom, beatAt, null, beatLoop);
      beatStartTime = beatAt;
      // Resolve when the beat starts, so the recorder starts with it.
      await new Promise<void>((resolve) =>
        window.setTimeout(resolve, Math.max(0, (beatAt - ctx.currentTime) * 1000)),
      );
    },

    takeStarted() {
      takeStartTime = ctx.currentTime;
    },

    stopTake() {
      stopTakeClock();
      stopSources(beatPlaying);
      beatPlaying = null;
      beatPosition = 0;
    },

    async setTake(blob) {
      take = await ctx.decodeAudioData(await blob.arrayBuffer());
      // On the beat's timeline: where the beat started, plus the aligned start of the take.
      takeOffset = takeFrom + alignTake({ takeStartTime, beatStartTime }, latencies);
      takePosition = 0;
    },

    playTake(onEnded) {
      if (!take || !chain || takePlaying) return;
      void ctx.resume();
      audio.pauseBeat();
      const at = ctx.currentTime + 0.05;
      // Both on the beat's timeline: the vocal's sample 0 belongs at takeOffset seconds.
      const position = takePosition;
      const vocal = ctx.createBufferSource();
      vocal.buffer = take;
      vocal.connect(chain.input);
      const vocalFrom = position - takeOffset;
      if (vocalFrom >= 0) vocal.start(at, Math.min(vocalFrom, take.duration));
      else vocal.start(at - vocalFrom, 0);
      const sources = [vocal];
      const beatPart = playBeatFrom(Math.max(0, position), at, null);
      if (beatPart) sources.push(...beatPart.sources);
      takePlaying = { sources, startedAt: at, from: position };
      vocal.onended = () => {
        stopSources(takePlaying);
        takePlaying = null;
        takePosition = 0;
        onEnded();
      };
    },

    pauseTake() {
      if (!takePlaying) return;
      takePosition = takePlaying.from + Math.max(0, ctx.currentTime - takePlaying.startedAt);
      stopSources(takePlaying);
      takePlaying = null;
    },

    clearTake() {
      audio.pauseTake();
      take = null;
      takePosition = 0;
    },

    levels: () => ({ input: readLevel(inputAnalyser), output: readLevel(outputAnalyser) }),

    inputWaveform: (points) => readWaveform(inputAnalyser, points),

    async mixdown() {
      if (!beat || !take) throw new Error('Nothing to mix down');
      const rendered = await renderMixdown({
        beat,
        vocal: take,
        settings,
        vocalOffsetS: takeOffset,
        scale,
        sampleRate: STUDIO_AUDIO.SAMPLE_RATE,
      });
      return new Blob([encodeWav(rendered)], { type: 'audio/wav' });
    },

    beatDuration: () => beat?.duration ?? 0,

    position() {
      const live = arrangementAudio.position();
      if (live !== null) return live;
      const current = takePlaying ?? beatPlaying;
      if (!current) return null;
      let at = current.from + Math.max(0, ctx.currentTime - current.startedAt);
      if (current === beatPlaying && beatLoop && at >= beatLoop.end) {
        const length = beatLoop.end - beatLoop.start;
        at = beatLoop.start + ((at - beatLoop.start) % length);
      }
      return at;
    },

    lastTake: () =>
      take
        ? {
            offsetS: takeOffset,
            durationS: take.duration,
            samples: take.getChannelData(0),
            sampleRate: take.sampleRate,
          }
        : null,

    keepTake(takeId) {
      if (take) arrangementAudio.keep(takeId, take);
    },

    async playArrangement(arrangement, from, onEnded) {
      audio.pauseBeat();
      audio.pauseTake();
      await chainReady;
      await arrangementAudio.play(arrangement, from, onEnded);
    },

    stopArrangement: () => arrangementAudio.stop(),

    exportArrangement: (arrangement, format, onProgress) =>
      arrangementAudio.export(arrangement, format, onProgress),

    dispose() {
      arrangementAudio.stop();
      stopTakeClock();
      stopSources(beatPlaying);
      stopSources(takePlaying);
      beatPlaying = null;
      takePlaying = null;
      beatEndedListeners.clear();
      microphone?.disconnect();
      chain?.dispose();
      void ctx.close().catch(() => undefined);
    },
  };
  return audio;
}
