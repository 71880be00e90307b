// The studio arrangement's limits, apart from its schemas (studio-arrangement.ts): the live
// sessions' contract bounds its takes by them, and every page that reads a realtime message
// would otherwise evaluate the arrangement's schemas too.

export const ARRANGEMENT_MAX_TRACKS = 8;
/** Several passes over one passage stack on a track as lanes, at most this many. */
export const ARRANGEMENT_MAX_LANES = 16;
export const ARRANGEMENT_MAX_TAKES = 200;
export const ARRANGEMENT_MAX_CLIPS = 1_000;
/** Longest timeline position a clip may reach (1 hour); keeps bad input from growing views. */
export const ARRANGEMENT_MAX_SECONDS = 3_600;
/** The shortest a clip may be after a trim or split, so nothing becomes invisible. */
export const MIN_CLIP_SECONDS = 0.01;
