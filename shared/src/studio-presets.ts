// The six vocal presets (clean, pop, trap, rnb, rock, dreamy). Their values are ours: each one is a
// complete StudioEffectSettings (applying a preset replaces every effect field), and they are
// deliberately far apart so switching presets is audible. Data, not code, so the server could serve
// the same list.
import { StudioEffectSettings, type StudioPresetId } from './studio-settings';

export interface StudioPreset {
  id: StudioPresetId;
  name: string;
  description: string;
  /** A lucide icon name; the web maps it to the component. */
  icon: 'mic' | 'sparkles' | 'zap' | 'heart' | 'flame' | 'cloud';
  settings: StudioEffectSettings;
}

export const STUDIO_PRESETS: readonly StudioPreset[] = [
  {
    id: 'clean',
    name: 'Clean',
    description: 'Natural voice: a touch of room, gentle levelling, nothing coloured.',
    icon: 'mic',
    settings: {
      reverbAmount: 10,
      delayAmount: 0,
      eqLow: 50,
      eqMid: 50,
      eqHigh: 52,
      compression: 20,
      vocalPan: 50,
      autoTune: 0,
      chorus: 0,
      distortion: 0,
      gate: 10,
    },
  },
  {
    id: 'pop',
    name: 'Pop',
    description: 'Bright and upfront: airy top, firm compression, light tuning and a short echo.',
    icon: 'sparkles',
    settings: {
      reverbAmount: 30,
      delayAmount: 12,
      eqLow: 45,
      eqMid: 55,
      eqHigh: 68,
      compression: 55,
      vocalPan: 50,
      autoTune: 35,
      chorus: 15,
      distortion: 0,
      gate: 15,
    },
  },
  {
    id: 'trap',
    name: 'Trap',
    description: 'Hard-tuned, dry and loud: fast pitch snap, heavy compression, crisp highs.',
    icon: 'zap',
    settings: {
      reverbAmount: 15,
      delayAmount: 20,
      eqLow: 40,
      eqMid: 52,
      eqHigh: 72,
      compression: 75,
      vocalPan: 50,
      autoTune: 90,
      chorus: 5,
      distortion: 6,
      gate: 22,
    },
  },
  {
    id: 'rnb',
    name: 'R&B',
    description: 'Warm and smooth: fuller lows, soft top, lush reverb and a gentle chorus.',
    icon: 'heart',
    settings: {
      reverbAmount: 45,
      delayAmount: 10,
      eqLow: 60,
      eqMid: 48,
      eqHigh: 55,
      compression: 45,
      vocalPan: 50,
      autoTune: 25,
      chorus: 30,
      distortion: 0,
      gate: 12,
    },
  },
  {
    id: 'rock',
    name: 'Rock',
    description: 'Gritty and forward: drive, pushed mids, strong compression, short room.',
    icon: 'flame',
    settings: {
      reverbAmount: 20,
      delayAmount: 8,
      eqLow: 48,
      eqMid: 66,
      eqHigh: 60,
      compression: 70,
      vocalPan: 50,
      autoTune: 0,
      chorus: 0,
      distortion: 30,
      gate: 25,
    },
  },
  {
    id: 'dreamy',
    name: 'Dreamy',
    description: 'Wide and washed out: long reverb, echoes and chorus, a softened top.',
    icon: 'cloud',
    settings: {
      reverbAmount: 80,
      delayAmount: 35,
      eqLow: 55,
      eqMid: 45,
      eqHigh: 42,
      compression: 35,
      vocalPan: 50,
      autoTune: 15,
      chorus: 60,
      distortion: 0,
      gate: 8,
    },
  },
];

export function studioPreset(id: StudioPresetId): StudioPreset {
  const preset = STUDIO_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`Unknown studio preset ${id}`);
  return preset;
}

// Every preset must be a valid settings object; failing here (at import) beats a preset that the
// server would later refuse to store in a session.
for (const preset of STUDIO_PRESETS) StudioEffectSettings.parse(preset.settings);
