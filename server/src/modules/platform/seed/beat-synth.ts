import { KEYS, type Genre, type Mood, type MusicalKey } from '@beatroom/shared/catalogue-constants';

/** Mono at 22050 Hz: plenty for drums and bass, and half the work and bytes of 44.1 kHz. */
export const SYNTH_RATE = 22050;
const STEPS_PER_BAR = 16;

interface Groove {
  kick: number[];
  snare: number[];
  hats: number[];
  /** 808: long sine bass on the kicks; otherwise a filtered saw on eighths. */
  bass808: boolean;
}

/** Drum patterns on a 16-step bar, by genre family. */
const GROOVES: Record<Genre, Groove> = {
  'Hip-Hop': { kick: [0, 7, 10], snare: [4, 12], hats: [0, 2, 4, 6, 8, 10, 12, 14], bass808: false },
  Trap: { kick: [0, 6, 10], snare: [8], hats: [0, 1, 2, 4, 6, 8, 9, 10, 12, 13, 14, 15], bass808: true },
  Drill: { kick: [0, 3, 10], snare: [6, 14], hats: [0, 2, 3, 6, 8, 10, 11, 14], bass808: true },
  'R&B': { kick: [0, 9], snare: [4, 12], hats: [0, 2, 4, 6, 8, 10, 12, 14], bass808: false },
  Pop: { kick: [0, 4, 8, 12], snare: [4, 12], hats: [2, 6, 10, 14], bass808: false },
  Afrobeat: { kick: [0, 6, 10], snare: [4, 11], hats: [0, 2, 3, 5, 6, 8, 10, 11, 13, 14], bass808: false },
  Electronic: { kick: [0, 4, 8, 12], snare: [4, 12], hats: [2, 6, 10, 14], bass808: false },
  Jazz: { kick: [0, 10], snare: [7, 15], hats: [0, 4, 6, 8, 12, 14], bass808: false },
  Rock: { kick: [0, 8, 10], snare: [4, 12], hats: [0, 2, 4, 6, 8, 10, 12, 14], bass808: false },
  Other: { kick: [0, 8], snare: [4, 12], hats: [0, 4, 8, 12], bass808: false },
};

const BRIGHT_MOODS: readonly Mood[] = ['Happy', 'Uplifting', 'Romantic', 'Energetic', 'Chill'];

/** Four chords a bar each: i–VI–III–VII in minor moods, I–V–vi–IV in bright ones. */
function progression(mood: Mood): { root: number; third: number }[] {
  return BRIGHT_MOODS.includes(mood)
    ? [
        { root: 0, third: 4 },
        { root: 7, third: 4 },
        { root: 9, third: 3 },
        { root: 5, third: 4 },
      ]
    : [
        { root: 0, third: 3 },
        { root: 8, third: 4 },
        { root: 3, third: 4 },
        { root: 10, third: 4 },
      ];
}

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** A small deterministic PRNG, so a beat sounds the same every time it is rendered. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** How many bars make 20 to 30 seconds at this tempo (an even number, at least 4). */
export function barsFor(bpm: number): number {
  const barSeconds = (4 * 60) / bpm;
  return Math.max(4, 2 * Math.round(24 / barSeconds / 2));
}

/**
 * Renders a listenable loop: kick, snare and hats synthesised from oscillators and noise, a
 * bass line following a four-chord progression in the beat's key, and a soft pad, through a
 * compressor. Answers mono samples at SYNTH_RATE, normalised to -1 dBFS.
 */
export async function renderBeat(options: {
  bpm: number;
  key: MusicalKey;
  mood: Mood;
  genre: Genre;
  seed: number;
}): Promise<Float32Array> {
  const { bpm, genre } = options;
  const groove = GROOVES[genre];
  const step = 60 / bpm / 4;
  const bars = barsFor(bpm);
  const seconds = bars * STEPS_PER_BAR * step + 0.5;
  // The Web Audio engine (~20 MB) loads when a beat is rendered (the demo seed), not at start-up.
  const { OfflineAudioContext } = await import('node-web-audio-api');
  const ctx = new OfflineAudioContext(1, Math.ceil(seconds * SYNTH_RATE), SYNTH_RATE);
  const rand = random(options.seed);

  const master = ctx.createDynamicsCompressor();
  master.threshold.value = -14;
  master.ratio.value = 4;
  master.connect(ctx.destination);

  const noise = ctx.createBuffer(1, SYNTH_RATE, SYNTH_RATE);
  const noiseData = noise.getChannelData(0);
  for (let i = 0; i < noiseData.length; i++) noiseData[i] = rand() * 2 - 1;

  const envelope = (peak: number, at: number, decay: number, attack = 0.002) => {
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(peak, at + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
    gain.connect(master);
    return gain;
  };

  const kick = (at: number) => {
    const osc = ctx.createOscillator();
    osc.frequency.setValueAtTime(150, at);
    osc.frequency.exponentialRampToValueAtTime(45, at + 0.12);
    osc.connect(envelope(0.9, at, 0.35));
    osc.start(at);
    osc.stop(at + 0.4);
  };

  const noiseHit = (at: number, type: BiquadFilterType, frequency: number, peak: number, decay: number) => {
    const source = ctx.createBufferSource();
    source.buffer = noise;
    const filter = ctx.createBiquadFilter();
    filter.type = type;
    filter.frequency.value = frequency;
    source.connect(filter).connect(envelope(peak, at, decay));
    source.start(at, rand() * 0.5);
    source.stop(at + decay + 0.01);
  };

  const snare = (at: number) => {
    noiseHit(at, 'bandpass', 1800, 2.4, 0.18);
    const body = ctx.createOscillator();
    body.type = 'triangle';
    body.frequency.value = 185;
    body.connect(envelope(0.5, at, 0.08));
    body.start(at);
    body.stop(at + 0.1);
  };

  const bassNote = (at: number, midi: number, length: number) => {
    const osc = ctx.createOscillator();
    if (groove.bass808) {
      osc.frequency.setValueAtTime(midiToHz(midi + 12), at);
      osc.frequency.exponentialRampToValueAtTime(midiToHz(midi), at + 0.04);
      osc.connect(envelope(0.8, at, Math.min(0.9, length), 0.005));
    } else {
      osc.type = 'sawtooth';
      osc.frequency.value = midiToHz(midi);
      const filter = ctx.createBiquadFilter();
      filter.type = 'lowpass';
      filter.frequency.value = 420;
      osc.connect(filter).connect(envelope(0.45, at, length * 0.9, 0.01));
    }
    osc.start(at);
    osc.stop(at + length + 0.05);
  };

  const pad = (at: number, midis: number[], length: number) => {
    for (const midi of midis) {
      const osc = ctx.createOscillator();
      osc.type = 'triangle';
      osc.frequency.value = midiToHz(midi);
      osc.detune.value = (rand() - 0.5) * 12;
      osc.connect(envelope(0.06, at, length * 0.75, length * 0.2));
      osc.start(at);
      osc.stop(at + length + 0.05);
    }
  };

  const keyIndex = KEYS.indexOf(options.key);
  const chords = progression(options.mood);
  const barLength = STEPS_PER_BAR * step;
  for (let bar = 0; bar < bars; bar++) {
    const start = bar * barLength;
    const chord = chords[bar % chords.length]!;
    const bassMidi = 36 + keyIndex + chord.root;
    const padRoot = 60 + ((keyIndex + chord.root) % 12);
    // The first two bars are drums and pad only, so the loop has an intro.
    const drums = bar >= 1;
    pad(start, [padRoot, padRoot + chord.third, padRoot + 7], barLength);
    for (let s = 0; s < STEPS_PER_BAR; s++) {
      const at = start + s * step;
      if (drums && groove.kick.includes(s)) kick(at);
      if (drums && groove.snare.includes(s)) snare(at);
      if (drums && groove.hats.includes(s)) noiseHit(at, 'highpass', 7000, s % 4 === 0 ? 0.5 : 0.3, 0.04);
      if (bar >= 2) {
        if (groove.bass808 && groove.kick.includes(s)) bassNote(at, bassMidi, step * 4);
        if (!groove.bass808 && s % 2 === 0) bassNote(at, bassMidi + (s === 10 ? 12 : 0), step * 2);
      }
    }
  }

  const rendered = (await ctx.startRendering()).getChannelData(0);
  let peak = 0;
  for (const v of rendered) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? 0.89 / peak : 1;
  const out = new Float32Array(rendered.length);
  for (let i = 0; i < rendered.length; i++) out[i] = rendered[i]! * gain;
  return out;
}
