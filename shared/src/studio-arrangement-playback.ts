// What actually sounds on a track once its lanes are comped, and the undo/redo history of the
// timeline. Both pure: playback and the offline mixdown schedule exactly these slices, and the
// tests check comping without any audio.
import {
  COMP_CROSSFADE_S,
  type Arrangement,
  type ArrangementClip,
  type ArrangementTrack,
} from './studio-arrangement';
import { clipEnd } from './studio-arrangement-clips';

/** A stretch of one clip's audio to play: [start, end) on the timeline, with fades at its edges. */
export interface PlaybackSlice {
  clipId: string;
  takeId: string;
  lane: number;
  start: number;
  end: number;
  /** Position in the take's audio that plays at `start`. */
  offset: number;
  fadeIn: number;
  fadeOut: number;
}

/** The lane the comp chooses at `time`, or null where no region covers it. */
function compLaneAt(track: ArrangementTrack, time: number): number | null {
  for (const region of track.comp) if (region.start <= time && time < region.end) return region.lane;
  return null;
}

/**
 * The slices of a track: at every moment, the comp's lane where a region covers it (silence if
 * that lane has nothing there), else the newest (highest) lane with a clip. On one lane, a clip
 * added later plays over an earlier one. A cut between lanes crossfades COMP_CROSSFADE_S; a
 * clip's own edges keep its own fades.
 */
export function trackSlices(arrangement: Arrangement, trackId: string): PlaybackSlice[] {
  const track = arrangement.tracks.find((t) => t.id === trackId);
  if (!track) return [];
  const clips = arrangement.clips.filter((clip) => clip.trackId === trackId);
  const edges = new Set<number>();
  for (const clip of clips) edges.add(clip.start).add(clipEnd(clip));
  for (const region of track.comp) edges.add(region.start).add(region.end);
  const times = [...edges].sort((a, b) => a - b);

  const slices: PlaybackSlice[] = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const from = times[i]!;
    const to = times[i + 1]!;
    const middle = (from + to) / 2;
    const playing = clips.filter((clip) => clip.start <= middle && middle < clipEnd(clip));
    if (playing.length === 0) continue;
    const lane = compLaneAt(track, middle) ?? Math.max(...playing.map((clip) => clip.lane));
    let chosen: ArrangementClip | undefined;
    for (const clip of playing) if (clip.lane === lane) chosen = clip;
    if (!chosen) continue;
    const last = slices[slices.length - 1];
    if (last && last.clipId === chosen.id && Math.abs(last.end - from) < 1e-9) {
      last.end = to;
      continue;
    }
    slices.push({
      clipId: chosen.id,
      takeId: chosen.takeId,
      lane: chosen.lane,
      start: from,
      end: to,
      offset: chosen.offset + (from - chosen.start),
      fadeIn: 0,
      fadeOut: 0,
    });
  }
  // Fades: the clip's own at its own edges, a short crossfade at a cut inside the clip.
  const byId = new Map(clips.map((clip) => [clip.id, clip]));
  for (const slice of slices) {
    const clip = byId.get(slice.clipId)!;
    const length = slice.end - slice.start;
    slice.fadeIn = Math.min(length, slice.start === clip.start ? clip.fadeIn : COMP_CROSSFADE_S);
    slice.fadeOut = Math.min(
      length - slice.fadeIn,
      slice.end === clipEnd(clip) ? clip.fadeOut : COMP_CROSSFADE_S,
    );
  }
  return slices;
}

/** Tracks that sound: the soloed ones if any is soloed, else every track not muted. */
export function audibleTracks(arrangement: Arrangement): ArrangementTrack[] {
  const soloed = arrangement.tracks.filter((track) => track.solo);
  return soloed.length > 0 ? soloed : arrangement.tracks.filter((track) => !track.mute);
}

/** Where the last sound of the arrangement ends (0 when it has no clips). */
export function arrangementEnd(arrangement: Arrangement): number {
  return arrangement.clips.reduce((end, clip) => Math.max(end, clipEnd(clip)), 0);
}

// ---------------------------------------------------------------------------------------------
// Undo / redo
// ---------------------------------------------------------------------------------------------

export const HISTORY_LIMIT = 200;

export interface ArrangementHistory {
  past: Arrangement[];
  present: Arrangement;
  future: Arrangement[];
}

export function startHistory(present: Arrangement): ArrangementHistory {
  return { past: [], present, future: [] };
}

/** Records an edit: an edit that changed nothing is not an undo step. Redo is lost. */
export function commit(history: ArrangementHistory, next: Arrangement): ArrangementHistory {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  if (past.length > HISTORY_LIMIT) past.shift();
  return { past, present: next, future: [] };
}

export function undo(history: ArrangementHistory): ArrangementHistory {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: ArrangementHistory): ArrangementHistory {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future };
}

export const canUndo = (history: ArrangementHistory) => history.past.length > 0;
export const canRedo = (history: ArrangementHistory) => history.future.length > 0;
