// Edits of the timeline's tracks (mix settings, arming, adding and removing) and of their comps,
// pure like the clip edits (studio-arrangement-clips.ts): a new arrangement, the input unchanged.
import { newTrack, type Arrangement, type ArrangementTrack, type CompRegion } from './studio-arrangement';
import { ARRANGEMENT_MAX_LANES, ARRANGEMENT_MAX_TRACKS } from './studio-arrangement-limits';
import { deleteClip, nextId } from './studio-arrangement-clips';

/**
 * Comping: between start and end the track plays `lane`. Earlier regions under it are cut back
 * (or split) so regions never overlap; neighbours on the same lane merge.
 */
export function compRegion(
  arrangement: Arrangement,
  trackId: string,
  start: number,
  end: number,
  lane: number,
): Arrangement {
  if (!(end > start) || lane < 0 || lane >= ARRANGEMENT_MAX_LANES) return arrangement;
  const from = Math.max(0, start);
  return updateTrack(arrangement, trackId, (track) => {
    const kept: CompRegion[] = [];
    for (const region of track.comp) {
      if (region.end <= from || region.start >= end) kept.push(region);
      else {
        if (region.start < from) kept.push({ ...region, end: from });
        if (region.end > end) kept.push({ ...region, start: end });
      }
    }
    kept.push({ start: from, end, lane });
    kept.sort((a, b) => a.start - b.start);
    const merged: CompRegion[] = [];
    for (const region of kept) {
      const last = merged[merged.length - 1];
      if (last && last.lane === region.lane && last.end >= region.start)
        merged[merged.length - 1] = { ...last, end: Math.max(last.end, region.end) };
      else merged.push(region);
    }
    return { ...track, comp: merged };
  });
}

export function updateTrack(
  arrangement: Arrangement,
  id: string,
  change: (track: ArrangementTrack) => ArrangementTrack,
): Arrangement {
  const index = arrangement.tracks.findIndex((track) => track.id === id);
  if (index < 0) return arrangement;
  const tracks = arrangement.tracks.slice();
  tracks[index] = change(tracks[index]!);
  return { ...arrangement, tracks };
}

export type TrackPatch = Partial<
  Pick<ArrangementTrack, 'name' | 'volume' | 'pan' | 'mute' | 'solo' | 'effects'>
>;

/** Volume, pan, mute, solo, name or the chain of one track, clamped to their ranges. */
export function setTrack(arrangement: Arrangement, id: string, patch: TrackPatch): Arrangement {
  return updateTrack(arrangement, id, (track) => ({
    ...track,
    ...patch,
    name: patch.name?.trim() ? patch.name.trim().slice(0, 60) : track.name,
    volume: Math.min(2, Math.max(0, patch.volume ?? track.volume)),
    pan: Math.min(1, Math.max(-1, patch.pan ?? track.pan)),
  }));
}

/** Arms one track for recording (only one is armed at a time). */
export function armTrack(arrangement: Arrangement, id: string): Arrangement {
  if (!arrangement.tracks.some((track) => track.id === id)) return arrangement;
  return { ...arrangement, tracks: arrangement.tracks.map((track) => ({ ...track, arm: track.id === id })) };
}

/** A new track (at most 8) with the selected track's chain; it becomes the selected one. */
export function addTrack(arrangement: Arrangement): Arrangement {
  if (arrangement.tracks.length >= ARRANGEMENT_MAX_TRACKS) return arrangement;
  const selected =
    arrangement.tracks.find((t) => t.id === arrangement.selectedTrackId) ?? arrangement.tracks[0]!;
  const track = {
    ...newTrack(nextId('track', arrangement.tracks), arrangement.tracks.length, selected.effects),
    arm: false,
  };
  return { ...arrangement, tracks: [...arrangement.tracks, track], selectedTrackId: track.id };
}

/** Removes a track and its clips; the last track stays. */
export function removeTrack(arrangement: Arrangement, id: string): Arrangement {
  if (arrangement.tracks.length <= 1 || !arrangement.tracks.some((t) => t.id === id)) return arrangement;
  let next: Arrangement = { ...arrangement, tracks: arrangement.tracks.filter((t) => t.id !== id) };
  for (const clip of arrangement.clips) if (clip.trackId === id) next = deleteClip(next, clip.id);
  if (!next.tracks.some((t) => t.arm)) next = armTrack(next, next.tracks[0]!.id);
  if (next.selectedTrackId === id) next = { ...next, selectedTrackId: next.tracks[0]!.id };
  return next;
}

export function selectTrack(arrangement: Arrangement, id: string): Arrangement {
  return arrangement.tracks.some((t) => t.id === id) && arrangement.selectedTrackId !== id
    ? { ...arrangement, selectedTrackId: id }
    : arrangement;
}
