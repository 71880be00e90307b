// The studio's timeline (arrangement): the beat on its own lane, up to 8 vocal tracks, and the
// takes placed on them as clips. Saved inside a studio session's session_data under
// `arrangement`, versioned so a later studio can read an earlier one. The takes' audio is never
// in here: a take names where its audio is kept (an uploaded file or a device-local draft).
import { z } from 'zod';
import {
  ARRANGEMENT_MAX_CLIPS,
  ARRANGEMENT_MAX_LANES,
  ARRANGEMENT_MAX_SECONDS,
  ARRANGEMENT_MAX_TAKES,
  ARRANGEMENT_MAX_TRACKS,
  MIN_CLIP_SECONDS,
} from './studio-arrangement-limits';
import { StudioEffectSettings } from './studio-effects';

export const ARRANGEMENT_VERSION = 1;
/** Switching lanes at a comp boundary crossfades this long, so the cut never clicks. */
export const COMP_CROSSFADE_S = 0.005;

export const SNAP_VALUES = ['off', 'bar', 'beat', '1/8', '1/16'] as const;
export type Snap = (typeof SNAP_VALUES)[number];

const Id = z.string().min(1).max(64);
const Seconds = z.number().min(0).max(ARRANGEMENT_MAX_SECONDS);

/** A recorded take: its audio is a file (uploaded recording, or a draft kept on the device). */
export const ArrangementTake = z
  .object({
    id: Id,
    /** "Take 1", "Take 2"…: the clip elements are named after it. */
    name: z.string().min(1).max(100),
    /**
     * Where the audio is kept: `studio-take:<id>` for a take file (studio-takes-contract.ts);
     * null while it is not kept yet, or for a session saved before takes had files.
     */
    source: z.string().max(500).nullable(),
    duration: Seconds,
  })
  .strict();
export type ArrangementTake = z.infer<typeof ArrangementTake>;

/**
 * One take placed on a track: the part [offset, offset + duration) of the take's audio plays
 * from `start` on the beat's timeline; fades are lengths in seconds at either end.
 */
export const ArrangementClip = z
  .object({
    id: Id,
    takeId: Id,
    trackId: Id,
    lane: z
      .number()
      .int()
      .min(0)
      .max(ARRANGEMENT_MAX_LANES - 1),
    start: Seconds,
    offset: Seconds,
    duration: z.number().min(MIN_CLIP_SECONDS).max(ARRANGEMENT_MAX_SECONDS),
    fadeIn: Seconds,
    fadeOut: Seconds,
  })
  .strict();
export type ArrangementClip = z.infer<typeof ArrangementClip>;

/** Between start and end, the track plays `lane` (the comp); elsewhere its newest lane plays. */
export const CompRegion = z
  .object({
    start: Seconds,
    end: Seconds,
    lane: z
      .number()
      .int()
      .min(0)
      .max(ARRANGEMENT_MAX_LANES - 1),
  })
  .strict()
  .refine((r) => r.end > r.start, 'A comp region must end after it starts');
export type CompRegion = z.infer<typeof CompRegion>;

export const ArrangementTrack = z
  .object({
    id: Id,
    name: z.string().min(1).max(60),
    /** Gain, 0 to 2 (shown as percent). */
    volume: z.number().min(0).max(2),
    /** -1 (left) to 1 (right). */
    pan: z.number().min(-1).max(1),
    mute: z.boolean(),
    solo: z.boolean(),
    /** Recording lands on the armed track. */
    arm: z.boolean(),
    /** The vocal chain of this track (the effect panels and presets edit the selected track's). */
    effects: StudioEffectSettings,
    comp: z.array(CompRegion).max(200),
  })
  .strict();
export type ArrangementTrack = z.infer<typeof ArrangementTrack>;

const Range = z
  .object({ start: Seconds, end: Seconds })
  .strict()
  .refine((r) => r.end > r.start, 'A range must end after it starts');

export const Arrangement = z
  .object({
    version: z.literal(ARRANGEMENT_VERSION),
    tracks: z.array(ArrangementTrack).min(1).max(ARRANGEMENT_MAX_TRACKS),
    takes: z.array(ArrangementTake).max(ARRANGEMENT_MAX_TAKES),
    clips: z.array(ArrangementClip).max(ARRANGEMENT_MAX_CLIPS),
    selectedTrackId: Id,
    snap: z.enum(SNAP_VALUES),
    /** Recording over a loop records pass after pass, each on a new lane. */
    loop: Range.nullable(),
    /** Punch-in/out markers: recording only keeps what falls between them. */
    punch: Range.nullable(),
  })
  .strict()
  .superRefine((a, ctx) => {
    const tracks = new Set(a.tracks.map((t) => t.id));
    const takes = new Set(a.takes.map((t) => t.id));
    if (tracks.size !== a.tracks.length) ctx.addIssue({ code: 'custom', message: 'Track ids repeat' });
    if (!tracks.has(a.selectedTrackId))
      ctx.addIssue({ code: 'custom', message: 'The selected track does not exist' });
    const clipIds = new Set<string>();
    for (const clip of a.clips) {
      if (clipIds.has(clip.id)) ctx.addIssue({ code: 'custom', message: 'Clip ids repeat' });
      clipIds.add(clip.id);
      if (!tracks.has(clip.trackId))
        ctx.addIssue({ code: 'custom', message: `Clip ${clip.id} is on a track that does not exist` });
      if (!takes.has(clip.takeId))
        ctx.addIssue({ code: 'custom', message: `Clip ${clip.id} plays a take that does not exist` });
    }
  });
export type Arrangement = z.infer<typeof Arrangement>;

export function defaultTrackName(index: number): string {
  return `Track ${index + 1}`;
}

export function newTrack(id: string, index: number, effects: StudioEffectSettings): ArrangementTrack {
  return {
    id,
    name: defaultTrackName(index),
    volume: 1,
    pan: 0,
    mute: false,
    solo: false,
    arm: index === 0,
    effects,
    comp: [],
  };
}

/** A fresh timeline: one armed track with the given chain, no takes, snap to the beat. */
export function emptyArrangement(effects: StudioEffectSettings): Arrangement {
  return {
    version: ARRANGEMENT_VERSION,
    tracks: [newTrack('track-1', 0, effects)],
    takes: [],
    clips: [],
    selectedTrackId: 'track-1',
    snap: 'beat',
    loop: null,
    punch: null,
  };
}
