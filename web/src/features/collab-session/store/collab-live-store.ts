import { create } from 'zustand';

interface CollabLiveState {
  /** Server clock minus this clock (ms), from the fastest state round trip seen. */
  clockOffsetMs: number;
  bestRoundTripMs: number;
  /** Sessions this page must leave: ended by the host, or this member removed. */
  gone: Record<string, 'ended' | 'removed'>;
  /** Counts transport events, so the player re-syncs on each even when the values repeat. */
  transportSeq: number;
  clockSample: (offsetMs: number, roundTripMs: number) => void;
  markGone: (sessionId: string, why: 'ended' | 'removed') => void;
  transportArrived: (sessionId: string) => void;
  reset: () => void;
}

/**
 * The collaborative page's live UI state: the clock offset to the server (the sample with the
 * shortest round trip is the most accurate: its unknown one-way delays are smallest) and which
 * sessions are over.
 */
export const useCollabLiveStore = create<CollabLiveState>()((set, get) => ({
  clockOffsetMs: 0,
  bestRoundTripMs: Infinity,
  gone: {},
  transportSeq: 0,
  clockSample: (offsetMs, roundTripMs) => {
    if (roundTripMs <= get().bestRoundTripMs) set({ clockOffsetMs: offsetMs, bestRoundTripMs: roundTripMs });
  },
  markGone: (sessionId, why) => set((state) => ({ gone: { ...state.gone, [sessionId]: why } })),
  transportArrived: () => set((state) => ({ transportSeq: state.transportSeq + 1 })),
  reset: () => set({ clockOffsetMs: 0, bestRoundTripMs: Infinity, gone: {}, transportSeq: 0 }),
}));
