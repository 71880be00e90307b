import { emptyArrangement, type Arrangement } from '@beatroom/shared/studio-arrangement';
import {
  canRedo,
  canUndo,
  commit,
  redo,
  startHistory,
  undo,
  type ArrangementHistory,
} from '@beatroom/shared/studio-arrangement-playback';
import type { StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { effectsOf } from '../timeline/track-effects';
import { create } from 'zustand';
import { useStudioStore } from './studio-store';

type Peaks = ReadonlyArray<readonly [number, number]>;

interface ArrangementState {
  history: ArrangementHistory;
  /** Peaks of each take's audio by take id (computed on the device, never saved). */
  peaks: Record<string, Peaks>;
  /** The take being recorded, drawn live on its track from the input meter. */
  live: LiveTake | null;
  /** The clip the keyboard and the toolbar act on. */
  selectedClipId: string | null;
  /** Seconds on the beat's timeline: where playback starts and split cuts. */
  playhead: number;
  /**
   * An edit (a pure function of the arrangement): one undo step, auto-saved. Edits with the same
   * `coalesce` key in a row (a slider being dragged) make a single step.
   */
  edit: (change: (arrangement: Arrangement) => Arrangement, coalesce?: string) => void;
  undo: () => void;
  redo: () => void;
  /** A loaded session's arrangement (or a fresh one): history starts again. */
  load: (arrangement: Arrangement) => void;
  reset: (effects: StudioEffectSettings) => void;
  setPeaks: (takeId: string, peaks: Peaks) => void;
  selectClip: (id: string | null) => void;
  setPlayhead: (seconds: number) => void;
  setLive: (live: LiveTake | null) => void;
}

export interface LiveTake {
  trackId: string;
  lane: number;
  /** Timeline position of the recording's start. */
  start: number;
  /** Grows as the take is recorded (TAKE_PEAKS_PER_SECOND pairs a second). */
  peaks: [number, number][];
}

/** A change of the timeline counts as a change of the session, so auto-save keeps it. */
function touched(): void {
  useStudioStore.setState((state) => ({ revision: state.revision + 1 }));
}

/** The key of the last edit, so a dragged slider's moves coalesce into one undo step. */
let lastCoalesce: string | undefined;

/** The studio's timeline with its undo history (UI state of the one studio page). */
export const useArrangementStore = create<ArrangementState>()((set, get) => ({
  history: startHistory(emptyArrangement(effectsOf(useStudioStore.getState().settings))),
  peaks: {},
  live: null,
  selectedClipId: null,
  playhead: 0,

  edit: (change, coalesce) => {
    const { history } = get();
    const changed = change(history.present);
    if (changed === history.present) return;
    const same = coalesce !== undefined && coalesce === lastCoalesce && history.future.length === 0;
    lastCoalesce = coalesce;
    set({ history: same ? { ...history, present: changed } : commit(history, changed) });
    touched();
  },
  undo: () => {
    lastCoalesce = undefined;
    const { history } = get();
    if (!canUndo(history)) return;
    set({ history: undo(history) });
    touched();
  },
  redo: () => {
    const { history } = get();
    if (!canRedo(history)) return;
    set({ history: redo(history) });
    touched();
  },
  load: (arrangement) => set({ history: startHistory(arrangement), selectedClipId: null }),
  reset: (effects) =>
    set({
      history: startHistory(emptyArrangement(effectsOf(effects))),
      peaks: {},
      selectedClipId: null,
      playhead: 0,
    }),
  setPeaks: (takeId, peaks) => set((state) => ({ peaks: { ...state.peaks, [takeId]: peaks } })),
  selectClip: (selectedClipId) => set({ selectedClipId }),
  setPlayhead: (playhead) => set({ playhead: Math.max(0, playhead) }),
  setLive: (live) => set({ live }),
}));

/** The arrangement as it stands now. */
export const currentArrangement = () => useArrangementStore.getState().history.present;
