import type { Track } from '@beatroom/shared/collab-sessions-contract';
import { create } from 'zustand';

/** A member's take while they record it, as the others see it grow. */
export interface LiveRecording {
  track: Track;
  /** Where it starts on the session's timeline (the server's stamp). */
  start: number;
  /** Input levels, 0 to 1, COLLAB_LIVE_LEVELS_PER_SECOND a second from the start. */
  levels: readonly number[];
  /** This clock's time of the last frame: a clip that stops hearing goes stale. */
  heardAt: number;
}

type Recordings = Record<string, Record<string, LiveRecording>>;

interface CollabLiveState {
  /** Server clock minus this clock (ms), from the fastest state round trip seen. */
  clockOffsetMs: number;
  bestRoundTripMs: number;
  /** Sessions this page must leave: ended by the host, or this member removed. */
  gone: Record<string, 'ended' | 'removed'>;
  /** Counts transport events, so the player re-syncs on each even when the values repeat. */
  transportSeq: number;
  /** Takes being recorded, by session and then by member. */
  recordings: Recordings;
  clockSample: (offsetMs: number, roundTripMs: number) => void;
  markGone: (sessionId: string, why: 'ended' | 'removed') => void;
  transportArrived: (sessionId: string) => void;
  /** A frame of a member's take: its levels land from `at` on (a gap before them stays silent). */
  recordingFrame: (
    sessionId: string,
    userId: string,
    frame: { track: Track; start_seconds: number; at: number; levels: readonly number[] },
  ) => void;
  recordingEnded: (sessionId: string, userId: string) => void;
  /** Only these members may still be recording (the others left or were removed). */
  recordersAmong: (sessionId: string, userIds: readonly string[]) => void;
  reset: () => void;
}

function withLevels(before: readonly number[], at: number, levels: readonly number[]): number[] {
  const next = before.slice(0, at);
  while (next.length < at) next.push(0);
  next.push(...levels);
  return next;
}

function without(recordings: Recordings, sessionId: string, keep: (userId: string) => boolean) {
  const mine = recordings[sessionId];
  if (!mine || Object.keys(mine).every(keep)) return recordings;
  return {
    ...recordings,
    [sessionId]: Object.fromEntries(Object.entries(mine).filter(([userId]) => keep(userId))),
  };
}

/**
 * The collaborative page's live UI state: the clock offset to the server (the sample with the
 * shortest round trip is the most accurate: its unknown one-way delays are smallest), which
 * sessions are over, and the takes members are recording right now.
 */
export const useCollabLiveStore = create<CollabLiveState>()((set, get) => ({
  clockOffsetMs: 0,
  bestRoundTripMs: Infinity,
  gone: {},
  transportSeq: 0,
  recordings: {},
  clockSample: (offsetMs, roundTripMs) => {
    if (roundTripMs <= get().bestRoundTripMs) set({ clockOffsetMs: offsetMs, bestRoundTripMs: roundTripMs });
  },
  markGone: (sessionId, why) => set((state) => ({ gone: { ...state.gone, [sessionId]: why } })),
  transportArrived: () => set((state) => ({ transportSeq: state.transportSeq + 1 })),
  recordingFrame: (sessionId, userId, frame) =>
    set((state) => {
      const known = state.recordings[sessionId]?.[userId];
      // A new start is a new take: its levels do not carry on the last one's.
      const earlier = known && known.start === frame.start_seconds ? known.levels : [];
      const recording: LiveRecording = {
        track: frame.track,
        start: frame.start_seconds,
        levels: withLevels(earlier, frame.at, frame.levels),
        heardAt: Date.now(),
      };
      return {
        recordings: {
          ...state.recordings,
          [sessionId]: { ...state.recordings[sessionId], [userId]: recording },
        },
      };
    }),
  recordingEnded: (sessionId, userId) =>
    set((state) => ({ recordings: without(state.recordings, sessionId, (id) => id !== userId) })),
  recordersAmong: (sessionId, userIds) =>
    set((state) => ({ recordings: without(state.recordings, sessionId, (id) => userIds.includes(id)) })),
  reset: () =>
    set({ clockOffsetMs: 0, bestRoundTripMs: Infinity, gone: {}, transportSeq: 0, recordings: {} }),
}));
