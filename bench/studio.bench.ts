import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AudioWorkletNode, OfflineAudioContext } from 'node-web-audio-api';
import { build } from 'vite';
import { DEFAULT_STUDIO_SETTINGS, type StudioSessionData } from '../shared/src/studio-settings';
import { alignTake, measureLoopback } from '../web/src/features/studio/engine/alignment';
import { detectClick } from '../web/src/features/studio/engine/alignment';
import { scheduleClick } from '../web/src/features/studio/engine/clicks';
import { renderMixdown } from '../web/src/features/studio/engine/mixdown';
import {
  autoTuneParams,
  correctPitch,
  createPitchState,
  midiToHz,
  parseKeyScale,
} from '../web/src/features/studio/engine/pitch-correction';
import { detectPitch } from '../web/src/features/studio/engine/pitch-detection';
import { buildVocalChain } from '../web/src/features/studio/engine/vocal-chain';
import { EVERYTHING_ON as EVERYTHING_ON_EFFECTS } from './studio-timeline/arrangement';

/**
 * Vocal studio engine, under node-web-audio-api's OfflineAudioContext:
 * 1. Mixdown speed: a 3-minute stereo beat plus a 3-minute take through the full chain with
 *    every effect on (pitch correction included), goal ≥ 20× real time.
 * 2. Take alignment error in a loopback test: a click goes through a model of the speaker, the
 *    room and the microphone with unknown latencies; the engine calibrates from it, then a
 *    take that echoes the beat's clicks is recorded through the same path, aligned and mixed
 *    down; the error is where the take's click lands against the beat's, goal ≤ 5 ms.
 * 3. The live pitch-correction worklet as the app ships it: built by Vite (`?worker&url`), loaded
 *    with addModule into node-web-audio-api's AudioWorklet, correcting a flat note in the chain.
 * Figures only: nothing here passes or fails on time. STUDIO_BENCH_SECONDS shortens part 1.
 */
const RATE = 48_000;
const SECONDS = Number(process.env.STUDIO_BENCH_SECONDS ?? 180);
const Offline = OfflineAudioContext as unknown as new (
  channels: number,
  length: number,
  sampleRate: number,
) => globalThis.OfflineAudioContext;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** A beat-like stereo signal: a bass line, hats of noise, a kick every half second. */
function beatBuffer(ctx: globalThis.BaseAudioContext, seconds: number) {
  const buffer = ctx.createBuffer(2, seconds * RATE, RATE);
  const noise = random(3);
  for (let c = 0; c < 2; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < data.length; i++) {
      const t = i / RATE;
      const beatPhase = t % 0.5;
      data[i] =
        0.2 * Math.sin(2 * Math.PI * (55 + ((27.5 * Math.floor(t / 2)) % 4)) * t) +
        0.3 * Math.exp(-beatPhase * 30) * Math.sin(2 * Math.PI * 60 * beatPhase) +
        (t % 0.25 < 0.02 ? 0.05 * (noise() * 2 - 1) : 0);
    }
  }
  return buffer;
}

/** A voice-like take: a harmonic tone with vibrato, slightly out of tune, phrases and breaths. */
function vocalBuffer(ctx: globalThis.BaseAudioContext, seconds: number) {
  const buffer = ctx.createBuffer(1, seconds * RATE, RATE);
  const data = buffer.getChannelData(0);
  const noise = random(9);
  let phase = 0;
  for (let i = 0; i < data.length; i++) {
    const t = i / RATE;
    const note = [57, 60, 62, 64][Math.floor(t / 1.5) % 4]! + 0.3 * Math.sin(t * 0.7);
    const hz = 440 * 2 ** ((note - 69) / 12) * (1 + 0.004 * Math.sin(2 * Math.PI * 5.5 * t));
    phase += (2 * Math.PI * hz) / RATE;
    const singing = t % 6 < 5.2;
    data[i] = singing
      ? 0.25 * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase))
      : 0.003 * (noise() * 2 - 1);
  }
  return buffer;
}

/** The timeline bench's "every effect on" settings over the studio's defaults. */
const EVERYTHING_ON: StudioSessionData = { ...DEFAULT_STUDIO_SETTINGS, ...EVERYTHING_ON_EFFECTS };

async function renderSpeed() {
  const scratch = new Offline(1, 1, RATE);
  const beat = beatBuffer(scratch, SECONDS);
  const vocal = vocalBuffer(scratch, SECONDS);
  const scale = parseKeyScale('A minor');

  const pitchStarted = performance.now();
  const state = createPitchState(RATE);
  correctPitch(vocal.getChannelData(0), state, { ...autoTuneParams(60), scale, sampleRate: RATE });
  const pitchSeconds = (performance.now() - pitchStarted) / 1000;

  const started = performance.now();
  const cpu = process.cpuUsage();
  const mix = await renderMixdown({
    beat,
    vocal,
    settings: EVERYTHING_ON,
    vocalOffsetS: 0,
    scale,
    OfflineContext: Offline,
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(
    `mixdown ${SECONDS} s stereo beat + take, every effect on: ${seconds.toFixed(2)} s wall ` +
      `(${(SECONDS / seconds).toFixed(1)}x real time, goal >= 20x), ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} s CPU = ${(SECONDS / ((used.user + used.system) / 1e6)).toFixed(1)}x ` +
      `real time per core, ${mix.duration.toFixed(1)} s out`,
  );
  // On a shared machine the wall figure mostly measures the queue for the CPU.
  console.log(`  load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while it ran`);
  console.log(
    `  of which pitch correction alone (JS): ${pitchSeconds.toFixed(2)} s (${(SECONDS / pitchSeconds).toFixed(0)}x real time)`,
  );
}

interface Room {
  outputS: number;
  inputS: number;
  /** Audio-clock time the recorder starts (not on a render-quantum boundary on purpose). */
  takeStartTime: number;
}

/**
 * Renders what the recorder captures: everything scheduled in `schedule` comes out of the
 * speaker `outputS` late, crosses a room (band-limited speaker, a reflection, hiss) and
 * reaches the recorder `inputS` later; the recording starts at `takeStartTime`.
 */
async function recordThroughRoom(
  room: Room,
  seconds: number,
  schedule: (ctx: globalThis.BaseAudioContext, speaker: AudioNode) => void,
) {
  const length = Math.ceil((room.takeStartTime + seconds) * RATE);
  const ctx = new Offline(1, length, RATE);
  const speaker = ctx.createGain();
  const latency = ctx.createDelay(1);
  latency.delayTime.value = room.outputS + room.inputS;
  const band = ctx.createBiquadFilter();
  band.type = 'highpass';
  band.frequency.value = 300;
  const level = ctx.createGain();
  level.gain.value = 0.08;
  const reflection = ctx.createDelay(0.1);
  reflection.delayTime.value = 0.0073;
  const reflectionLevel = ctx.createGain();
  reflectionLevel.gain.value = 0.35;
  speaker.connect(latency).connect(band).connect(level).connect(ctx.destination);
  level.connect(reflection).connect(reflectionLevel).connect(ctx.destination);
  const hiss = ctx.createBuffer(1, length, RATE);
  const noise = random(5);
  hiss.getChannelData(0).forEach((_, i, data) => (data[i] = 0.004 * (noise() * 2 - 1)));
  const hissSource = ctx.createBufferSource();
  hissSource.buffer = hiss;
  hissSource.connect(ctx.destination);
  hissSource.start(0);
  schedule(ctx, speaker);
  const rendered = (await ctx.startRendering()).getChannelData(0);
  return rendered.slice(Math.round(room.takeStartTime * RATE));
}

async function alignmentError(room: Room) {
  // 1. Loopback calibration: one click 0.3 s after the recorder started.
  const clickAt = room.takeStartTime + 0.3;
  const calibration = await recordThroughRoom(room, 1.2, (ctx, speaker) =>
    scheduleClick(ctx, clickAt, speaker),
  );
  const loopbackS = measureLoopback({
    recorded: calibration,
    sampleRate: RATE,
    takeStartTime: room.takeStartTime,
    clickAt,
  });
  if (loopbackS === null) throw new Error('loopback click not found');

  // 2. A take: the beat (clicks on beats 2 and 3 at 120 bpm) starts playing 0.4 s after the
  // recorder; the mic hears it through the room, as it would hear a singer in time with it.
  const beatStartTime = room.takeStartTime + 0.4;
  const take = await recordThroughRoom(room, 2.5, (ctx, speaker) => {
    scheduleClick(ctx, beatStartTime + 0.5, speaker);
    scheduleClick(ctx, beatStartTime + 1.0, speaker);
  });
  // The platform would report something else; the calibration is what the engine trusts.
  const offset = alignTake(
    { takeStartTime: room.takeStartTime, beatStartTime },
    { outputS: 0.01, inputS: 0, loopbackS },
  );

  const scratch = new Offline(1, 1, RATE);
  const silentBeat = scratch.createBuffer(2, 3 * RATE, RATE);
  const vocal = scratch.createBuffer(1, take.length, RATE);
  vocal.getChannelData(0).set(take);
  const mix = await renderMixdown({
    beat: silentBeat,
    vocal,
    settings: { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 0, compression: 0, gate: 0 },
    vocalOffsetS: offset,
    OfflineContext: Offline,
  });
  // Only the first of the two clicks (beat position 0.5 s).
  const found = detectClick(
    mix.getChannelData(0).subarray(0, Math.round(0.8 * RATE)),
    RATE,
    Math.round(0.3 * RATE),
  );
  if (found === null) throw new Error('take click not found in the mix');
  return { loopbackS, errorS: found / RATE - 0.5, trueS: room.outputS + room.inputS };
}

/** Builds pitch-worklet.ts the way the web build does and runs the emitted worklet file. */
async function workletCheck() {
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-bench-worklet-'));
  try {
    const entry = join(dir, 'entry.ts');
    const engine = fileURLToPath(
      new URL('../web/src/features/studio/engine/pitch-worklet.ts', import.meta.url),
    );
    writeFileSync(entry, `export { loadPitchWorklet } from ${JSON.stringify(engine)};\n`);
    await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      build: { outDir: join(dir, 'dist'), lib: { entry, formats: ['es'], fileName: 'entry' } },
    });
    const assets = join(dir, 'dist', 'assets');
    const worklet = join(
      assets,
      readdirSync(assets).find((name) => name.startsWith('pitch-correction.worklet'))!,
    );
    // node-web-audio-api's AudioWorklet uses Promise.withResolvers (Node 22); this repo runs Node 20.
    const promise = Promise as unknown as { withResolvers?: () => unknown };
    promise.withResolvers ??= () => {
      let resolve!: (value: unknown) => void;
      let reject!: (reason: unknown) => void;
      const created = new Promise((yes, no) => ((resolve = yes), (reject = no)));
      return { promise: created, resolve, reject };
    };
    // The chain creates its worklet node with the platform's constructor, a global in browsers.
    (globalThis as { AudioWorkletNode?: unknown }).AudioWorkletNode = AudioWorkletNode;
    const g4 = midiToHz(67);
    for (const autoTune of [0, 100]) {
      const ctx = new Offline(2, 1.5 * RATE, RATE);
      await ctx.audioWorklet.addModule(worklet);
      const chain = buildVocalChain(
        ctx,
        { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 0, compression: 0, gate: 0, autoTune },
        { pitchWorklet: true, scale: parseKeyScale('C') },
      );
      const note = ctx.createBuffer(1, 1.5 * RATE, RATE);
      note
        .getChannelData(0)
        .forEach(
          (_, i, data) => (data[i] = 0.4 * Math.sin((2 * Math.PI * g4 * 2 ** (-35 / 1200) * i) / RATE)),
        );
      const source = ctx.createBufferSource();
      source.buffer = note;
      source.connect(chain.input);
      chain.output.connect(ctx.destination);
      source.start(0);
      const out = (await ctx.startRendering()).getChannelData(0);
      const hz = detectPitch(out.subarray(0, 1.4 * RATE), RATE)!.hz;
      console.log(
        `worklet (Vite-built ${worklet.split('/').pop()}), autoTune ${autoTune}: G4 sung 35 cents flat comes out ` +
          `${(1200 * Math.log2(hz / g4)).toFixed(2)} cents from G4`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await renderSpeed();
const rooms: Room[] = [
  { outputS: 0.0107, inputS: 0.0043, takeStartTime: 1.0031 },
  { outputS: 0.0251, inputS: 0.0112, takeStartTime: 2.4567 },
  { outputS: 0.0423, inputS: 0.0201, takeStartTime: 0.7777 },
  { outputS: 0.0854, inputS: 0.0303, takeStartTime: 3.1415 },
  { outputS: 0.151, inputS: 0.0497, takeStartTime: 1.2345 },
];
let worst = 0;
for (const room of rooms) {
  const { loopbackS, errorS, trueS } = await alignmentError(room);
  worst = Math.max(worst, Math.abs(errorS));
  console.log(
    `loopback: true round trip ${(trueS * 1000).toFixed(1)} ms, measured ${(loopbackS * 1000).toFixed(1)} ms; ` +
      `take click lands ${(errorS * 1000).toFixed(2)} ms off the beat after alignment + mixdown`,
  );
}
console.log(
  `take alignment error, worst of ${rooms.length} rooms: ${(worst * 1000).toFixed(2)} ms (goal <= 5 ms)`,
);
await workletCheck();
// The worklet's worker thread would keep the process alive.
process.exit(0);
