import {
  DEFAULT_STUDIO_SETTINGS,
  STUDIO_AUDIO,
  type StudioSessionData,
} from '@beatroom/shared/studio-settings';
import { describeError } from '../../lib/error-text';
import { alignTake, measureLatencies, measureLoopback, type Latencies } from './engine/alignment';
import { scheduleClick, scheduleCountIn, startMetronome } from './engine/clicks';
import { createMeterAnalyser, readLevel, readWaveform } from './engine/meters';
import { encodeWav, renderMixdown } from './engine/mixdown';
import { parseKeyScale } from './engine/pitch-correction';
import { loadPitchWorklet } from './engine/pitch-worklet';
import { buildVocalChain, type VocalChain } from './engine/vocal-chain';
import { createArrangementAudio } from './arrangement-audio';
import { createBeatAudio } from './beat-audio';
import type { StudioAudio, StudioAudioBeat } from './studio-audio';
import { createTakeAudio } from './take-audio';

/** Time constant of gain changes: fast enough to follow a slider, slow enough not to click. */
const SMOOTHING_S = 0.02;
/** Head start for anything scheduled "now", so the first click is never late. */
const SCHEDULE_AHEAD_S = 0.1;
/** Calibration: the click plays this long after the recorder starts, within a recording this long. */
const CALIBRATION_CLICK_AFTER_S = 0.4;
const CALIBRATION_SECONDS = 1.5;

/**
 * The studio's audio on the engine (engine/, framework-free): one AudioContext at 48 kHz, the
 * beat through its volume to the output (beat-audio.ts), the microphone to the input meter and
 * waveform, and the take played back through the vocal chain aligned to the beat
 * (take-audio.ts). The count-in, metronome and beat start are scheduled on the audio clock;
 * timers only move the screen's numbers.
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
    // Connected to the output only while a take plays through it (take-audio.ts).
    chain = buildVocalChain(ctx, settings, { pitchWorklet, scale });
  });

  const beat = createBeatAudio(ctx, beatGain);
  const take = createTakeAudio({ ctx, beat, chain: () => chain, output });

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
  const arrangementAudio = createArrangementAudio({
    ctx,
    output,
    beat: beat.buffer,
    beatVolume: () => settings.beatVolume,
    scale,
    pitchWorklet: () => pitchWorkletLoaded,
  });

  function stopTakeClock(): void {
    countIn?.cancel();
    countIn = null;
    metronome?.stop();
    metronome = null;
    countInTimers.forEach((timer) => window.clearTimeout(timer));
    countInTimers = [];
  }

  const audio: StudioAudio = {
    loadBeat: (url) => beat.load(url),

    setSettings(next) {
      settings = next;
      const now = ctx.currentTime;
      beatGain.gain.setTargetAtTime(next.beatVolume, now, SMOOTHING_S);
      inputGain.gain.setTargetAtTime(next.micVolume, now, SMOOTHING_S);
      chain?.update(next);
    },

    playBeat: () => beat.play(),
    pauseBeat: () => beat.pause(),
    beatPlaying: () => beat.isPlaying(),
    onBeatEnded: (listener) => beat.onEnded(listener),

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
      if (!beat.buffer()) throw new Error('The beat is not loaded');
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
      takeFrom = beat.startUnderTake(from, beatAt, loop);
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
      beat.stop();
    },

    // On the beat's timeline: where the beat started, plus the aligned start of the take.
    setTake: (blob) =>
      take.set(blob, () => takeFrom + alignTake({ takeStartTime, beatStartTime }, latencies)),

    playTake: (onEnded) => take.play(onEnded),
    pauseTake: () => take.pause(),
    clearTake: () => take.clear(),

    levels: () => ({ input: readLevel(inputAnalyser), output: readLevel(outputAnalyser) }),

    inputWaveform: (points) => readWaveform(inputAnalyser, points),

    async mixdown() {
      const beatBuffer = beat.buffer();
      const vocal = take.buffer();
      if (!beatBuffer || !vocal) throw new Error('Nothing to mix down');
      const rendered = await renderMixdown({
        beat: beatBuffer,
        vocal,
        settings,
        vocalOffsetS: take.offset(),
        scale,
        sampleRate: STUDIO_AUDIO.SAMPLE_RATE,
      });
      return new Blob([encodeWav(rendered)], { type: 'audio/wav' });
    },

    beatDuration: () => beat.buffer()?.duration ?? 0,

    position: () => arrangementAudio.position() ?? take.position() ?? beat.position(),

    lastTake: () => take.last(),

    keepTake(takeId) {
      const buffer = take.buffer();
      if (buffer) arrangementAudio.keep(takeId, buffer);
    },

    async loadTake(takeId, file) {
      const buffer = await ctx.decodeAudioData(await file.arrayBuffer());
      arrangementAudio.keep(takeId, buffer);
      return { samples: buffer.getChannelData(0), sampleRate: buffer.sampleRate, durationS: buffer.duration };
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
      beat.dispose();
      take.dispose();
      microphone?.disconnect();
      chain?.dispose();
      void ctx.close().catch(() => undefined);
    },
  };
  return audio;
}
