import { playerReducer, type PlayerAction } from '@beatroom/shared/player-queue';
import { DEFAULT_PLAYER_STATE, type PlayerState } from '@beatroom/shared/player-defaults';
import { restorePlayerState, toSavedPlayerState } from '@beatroom/shared/player-saved-state-rules';
import type { PlayerBeat } from '@beatroom/shared/player-state';
import { create } from 'zustand';
import { answerSchema } from '../../../lib/answer-checks/answer-checker';
import { claimAudioFocus, createAudioFocusOwner, onAudioFocusLost } from '../../../lib/audio-focus';

export const PLAYER_STORAGE_KEY = 'beatroom-audio-state';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The saved state's schema (zod), checked in the answer-check worker: the store starts empty
 * and takes the saved state as soon as it is checked. A first visit has none and never loads it.
 */
const SavedPlayerStateSchema = answerSchema('player-saved-state', 'SavedPlayerState');
/** Whether the saved state was read: until then an empty player must not overwrite it. */
let savedStateRead = false;

/**
 * The saved audio state, restored by the shared rules (only the first queue entry; volume,
 * repeat and shuffle only with a queue). A failure to read it is logged only
 * and the player starts empty. Storage access is guarded: this module loads where there is no
 * window too (unit tests, tooling) and browsers may refuse storage.
 */
export async function loadPlayerState(): Promise<PlayerState> {
  try {
    const raw = globalThis.localStorage?.getItem(PLAYER_STORAGE_KEY);
    if (!raw) return restorePlayerState(null);
    return restorePlayerState(await SavedPlayerStateSchema.checkText(raw));
  } catch (error) {
    console.error(`Failed to load the saved audio state: ${describe(error)}`);
    return restorePlayerState(null);
  }
}

function savePlayerState(state: PlayerState): void {
  if (!savedStateRead) return;
  try {
    globalThis.localStorage?.setItem(PLAYER_STORAGE_KEY, JSON.stringify(toSavedPlayerState(state)));
  } catch (error) {
    // Storage refused (private mode, quota): the player still works for this visit.
    console.error(`Failed to save the audio state: ${describe(error)}`);
  }
}

export interface PlayerUiState {
  /** The bar is reduced to a mini bar. */
  collapsed: boolean;
  queueOpen: boolean;
}

/** The user's player settings, set by hooks/use-player-settings.ts. */
export interface PlayerSettingsState {
  /** Off: the player stops when a track ends instead of going on through the queue. */
  autoPlay: boolean;
  /**
   * True when this visit started from a saved volume (saved only with a queue, see
   * player-saved-state): that volume is the listener's last choice on this device and wins
   * over the settings' defaultVolume.
   */
  volumeFromSave: boolean;
  /**
   * True once the saved state was read (or skipped because the listener acted first): the
   * settings' defaultVolume waits for it, so it neither counts as the listener acting nor gets
   * overwritten by the restore.
   */
  savedStateLoaded: boolean;
}

export interface PlayerActions {
  dispatch: (action: PlayerAction) => void;
  /** Plays the beat (selecting its queue entry or putting it first) and shows the full bar. */
  play: (beat: PlayerBeat) => void;
  /** Plays `beat` from the list it is shown in: the queue becomes the list from that beat on. */
  playFromList: (beats: readonly PlayerBeat[], beat: PlayerBeat) => void;
  addToQueue: (beat: PlayerBeat) => void;
  /** Puts the beat right after the current entry. */
  playNext: (beat: PlayerBeat) => void;
  togglePlay: () => void;
  pause: () => void;
  resume: () => void;
  next: () => void;
  previous: () => void;
  select: (index: number) => void;
  remove: (queueId: string) => void;
  removeBeat: (beatId: string) => void;
  clear: () => void;
  reorder: (from: number, to: number) => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  trackEnded: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  seek: (time: number) => void;
  setCollapsed: (collapsed: boolean) => void;
  setQueueOpen: (open: boolean) => void;
}

export type PlayerStore = PlayerState & PlayerUiState & PlayerSettingsState & PlayerActions;

export const INITIAL_PLAYER_UI: PlayerUiState = { collapsed: false, queueOpen: false };

/** The one player of the app: the shared reducer's state plus the bar's own UI state. */
export const usePlayerStore = create<PlayerStore>()((set, get) => {
  const dispatch = (action: PlayerAction) => {
    touched = true;
    set((state) => playerReducer(state, action));
  };
  return {
    ...DEFAULT_PLAYER_STATE,
    ...INITIAL_PLAYER_UI,
    autoPlay: true,
    volumeFromSave: false,
    savedStateLoaded: false,
    dispatch,
    play: (beat) => {
      dispatch({ type: 'play', beat, now: Date.now() });
      set({ collapsed: false });
    },
    playFromList: (beats, beat) => {
      const index = beats.findIndex((listed) => listed.id === beat.id);
      if (index === -1) dispatch({ type: 'play', beat, now: Date.now() });
      else dispatch({ type: 'playList', beats, index, now: Date.now() });
      set({ collapsed: false });
    },
    addToQueue: (beat) => dispatch({ type: 'add', beat, now: Date.now() }),
    playNext: (beat) => dispatch({ type: 'playNext', beat, now: Date.now() }),
    togglePlay: () => dispatch({ type: 'togglePlay' }),
    pause: () => dispatch({ type: 'pause' }),
    resume: () => dispatch({ type: 'resume' }),
    next: () => dispatch({ type: 'next', random: Math.random }),
    previous: () => dispatch({ type: 'previous', random: Math.random }),
    select: (index) => dispatch({ type: 'select', index }),
    remove: (queueId) => dispatch({ type: 'remove', queueId }),
    removeBeat: (beatId) => dispatch({ type: 'removeBeat', beatId }),
    clear: () => {
      dispatch({ type: 'clear' });
      set({ queueOpen: false });
    },
    reorder: (from, to) => dispatch({ type: 'reorder', from, to }),
    toggleShuffle: () => dispatch({ type: 'toggleShuffle' }),
    cycleRepeat: () => dispatch({ type: 'cycleRepeat' }),
    trackEnded: () => dispatch({ type: 'trackEnded', random: Math.random, autoPlay: get().autoPlay }),
    setVolume: (volume) => dispatch({ type: 'setVolume', volume }),
    toggleMute: () => dispatch({ type: 'toggleMute' }),
    seek: (time) => dispatch({ type: 'seek', time }),
    setCollapsed: (collapsed) => set({ collapsed, queueOpen: collapsed ? false : get().queueOpen }),
    setQueueOpen: (queueOpen) => set({ queueOpen }),
  };
});

// The saved state arrives a moment after start-up; a listener who already acted keeps theirs.
let touched = false;
void loadPlayerState().then((restored) => {
  savedStateRead = true;
  if (touched) {
    usePlayerStore.setState({ savedStateLoaded: true });
    // What the listener did meanwhile was not saved yet.
    savePlayerState(usePlayerStore.getState());
    return;
  }
  usePlayerStore.setState({ ...restored, volumeFromSave: restored.queue.length > 0, savedStateLoaded: true });
});

// Saved whenever one of the saved fields changes (not on every time update).
usePlayerStore.subscribe((state, previous) => {
  if (
    state.queue !== previous.queue ||
    state.currentIndex !== previous.currentIndex ||
    state.volume !== previous.volume ||
    state.repeat !== previous.repeat ||
    state.shuffle !== previous.shuffle
  ) {
    savePlayerState(state);
  }
});

// One sound at a time: the player claims the focus when it starts and pauses when another
// player (a vocal cover on the beat page) claims it.
const PLAYER_FOCUS = createAudioFocusOwner('main player');
usePlayerStore.subscribe((state, previous) => {
  if (state.isPlaying && !previous.isPlaying) claimAudioFocus(PLAYER_FOCUS);
});
onAudioFocusLost(PLAYER_FOCUS, () => {
  if (usePlayerStore.getState().isPlaying) usePlayerStore.getState().pause();
});

/** Back to an empty player (tests, and signing out if that ever should clear the queue). */
export function resetPlayerStore(state: Partial<PlayerState & PlayerSettingsState> = {}): void {
  usePlayerStore.setState({
    ...DEFAULT_PLAYER_STATE,
    ...INITIAL_PLAYER_UI,
    autoPlay: true,
    volumeFromSave: false,
    savedStateLoaded: true,
    ...state,
  });
}
