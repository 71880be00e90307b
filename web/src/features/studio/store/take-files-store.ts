import { create } from 'zustand';

/** Where a take's audio stands on this page. */
export type TakeAudioState =
  /** Recorded here, its file not kept yet: uploading or waiting to try again. */
  | 'unsaved'
  /** Recorded here, and the server refused it (not audio, too large): it stays unsaved. */
  | 'refused'
  /** Its file is being fetched and decoded. */
  | 'loading'
  /** Its audio plays and its waveform is drawn. */
  | 'ready'
  /** No audio: a session saved before takes had files, or a file that is gone. */
  | 'missing';

interface TakeFilesState {
  /** By take id; a take not listed has not been looked at yet. */
  takes: Record<string, TakeAudioState>;
  set: (takeId: string, state: TakeAudioState) => void;
  reset: () => void;
}

/** The audio of the timeline's takes on this page (UI state, never saved). */
export const useTakeFilesStore = create<TakeFilesState>()((set) => ({
  takes: {},
  set: (takeId, state) => set((s) => ({ takes: { ...s.takes, [takeId]: state } })),
  reset: () => set({ takes: {} }),
}));

/** Takes recorded here whose audio is not kept yet: leaving now would lose them. */
export function unsavedTakeCount(takes: Record<string, TakeAudioState>): number {
  return Object.values(takes).filter((state) => state === 'unsaved' || state === 'refused').length;
}
