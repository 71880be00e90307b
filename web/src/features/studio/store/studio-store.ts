import {
  DEFAULT_STUDIO_SETTINGS,
  type StudioEffectSettings,
  type StudioSessionData,
} from '@beatroom/shared/studio-settings';
import { create } from 'zustand';

/** The session the studio saves into. */
export interface CurrentSession {
  id: string;
  name: string;
}

/**
 * Where the Recording Console stands: idle, the optional count-in,
 * recording, then a take that can be played back, reset, saved or downloaded.
 */
export type RecorderPhase = 'idle' | 'starting' | 'count-in' | 'recording' | 'stopping' | 'has-take';

interface StudioState {
  settings: StudioSessionData;
  currentSession: CurrentSession | null;
  /**
   * Counts the user's own changes to the settings. Auto-save watches it rather than the
   * settings, so loading a session (which replaces the settings) is not saved straight back.
   */
  revision: number;
  phase: RecorderPhase;
  /** The beat of the count-in being counted, 1-based; 0 outside the count-in. */
  countInBeat: number;
  elapsedSeconds: number;
  takePlaying: boolean;

  setSetting: <K extends keyof StudioSessionData>(key: K, value: StudioSessionData[K]) => void;
  applyPreset: (effects: StudioEffectSettings) => void;
  /** A session was loaded: its settings replace the page's and it becomes current. */
  loadSession: (session: CurrentSession, settings: StudioSessionData) => void;
  setCurrentSession: (session: CurrentSession | null) => void;
  setPhase: (phase: RecorderPhase) => void;
  setCountInBeat: (beat: number) => void;
  setElapsedSeconds: (seconds: number) => void;
  setTakePlaying: (playing: boolean) => void;
  /** A fresh studio for a beat: the studio defaults and the default recording name. */
  reset: (recordingName: string) => void;
}

const recorderIdle = { phase: 'idle', countInBeat: 0, elapsedSeconds: 0, takePlaying: false } as const;

/** UI state of the one studio page (settings, current session, recorder). */
export const useStudioStore = create<StudioState>()((set) => ({
  settings: DEFAULT_STUDIO_SETTINGS,
  currentSession: null,
  revision: 0,
  ...recorderIdle,

  setSetting: (key, value) =>
    set((state) => ({ settings: { ...state.settings, [key]: value }, revision: state.revision + 1 })),
  applyPreset: (effects) =>
    set((state) => ({ settings: { ...state.settings, ...effects }, revision: state.revision + 1 })),
  loadSession: (session, settings) => set({ currentSession: session, settings }),
  setCurrentSession: (currentSession) => set({ currentSession }),
  setPhase: (phase) =>
    set(phase === 'idle' ? recorderIdle : phase === 'count-in' ? { phase } : { phase, countInBeat: 0 }),
  setCountInBeat: (countInBeat) => set({ countInBeat }),
  setElapsedSeconds: (elapsedSeconds) => set({ elapsedSeconds }),
  setTakePlaying: (takePlaying) => set({ takePlaying }),
  reset: (recordingName) =>
    set({
      settings: { ...DEFAULT_STUDIO_SETTINGS, recordingName },
      currentSession: null,
      revision: 0,
      ...recorderIdle,
    }),
}));
