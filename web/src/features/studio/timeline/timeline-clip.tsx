import type { ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { moveClip, trimClipEnd, trimClipStart } from '@beatroom/shared/studio-arrangement-clips';
import { snapTime } from '@beatroom/shared/studio-arrangement-grid';
import { formatDuration } from '@beatroom/shared/format-numbers';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { useTakeFilesStore, type TakeAudioState } from '../store/take-files-store';
import { LANE_HEIGHT, TRIM_HANDLE_PX } from './timeline-geometry';

type Drag = { mode: 'move' | 'trim-start' | 'trim-end'; x: number; y: number; original: ArrangementClip };

export interface TimelineClipProps {
  clip: ArrangementClip;
  takeName: string;
  pxPerSecond: number;
  bpm: number;
  arrangement: Arrangement;
  selected: boolean;
  /** The snap step in seconds (arrow keys move by it); 0 when snapping is off. */
  step: number;
  onSelect: () => void;
  onEdit: (change: (arrangement: Arrangement) => Arrangement) => void;
  /** While dragging: where the clip would land (drawn by the canvas), null when done. */
  onPreview: (clip: ArrangementClip | null) => void;
  onDelete: () => void;
}

/** What a clip says of its take's audio, when there is something to say. */
const AUDIO_NOTES: Partial<Record<TakeAudioState, string>> = {
  unsaved: 'Not saved yet',
  refused: 'Not saved yet: could not be stored',
  loading: 'Loading audio…',
  missing: 'No audio',
};

/** Arrow keys move by the snap step, or by 1/10 s with snapping off. */
const FREE_STEP_S = 0.1;

/**
 * One clip on the timeline: a focusable element named after its take, over the canvas that
 * draws its waveform. Dragging moves it (vertically: to another lane), dragging an edge trims;
 * arrow keys move it by the snap step (with Shift: trim its end), Delete removes it.
 */
export function TimelineClip(props: TimelineClipProps) {
  const { clip, pxPerSecond, bpm, arrangement, step } = props;
  const drag = useRef<Drag | null>(null);
  const audioState = useTakeFilesStore((state) => state.takes[clip.takeId]);
  const note = audioState ? AUDIO_NOTES[audioState] : undefined;
  const snap = (seconds: number) => snapTime(seconds, arrangement.snap, bpm);

  const landing = (event: PointerEvent<HTMLElement>): Arrangement | null => {
    const current = drag.current;
    if (!current) return null;
    const dt = (event.clientX - current.x) / pxPerSecond;
    const { original } = current;
    const base = { ...arrangement, clips: arrangement.clips.map((c) => (c.id === clip.id ? original : c)) };
    if (current.mode === 'trim-start') return trimClipStart(base, clip.id, snap(original.start + dt));
    if (current.mode === 'trim-end')
      return trimClipEnd(base, clip.id, snap(original.start + original.duration + dt));
    const lane = Math.max(0, original.lane + Math.round((event.clientY - current.y) / LANE_HEIGHT));
    return moveClip(base, clip.id, { start: snap(original.start + dt), lane });
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    props.onSelect();
    const box = event.currentTarget.getBoundingClientRect();
    const fromLeft = event.clientX - box.left;
    const mode =
      fromLeft < TRIM_HANDLE_PX
        ? 'trim-start'
        : box.right - event.clientX < TRIM_HANDLE_PX
          ? 'trim-end'
          : 'move';
    drag.current = { mode, x: event.clientX, y: event.clientY, original: clip };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const next = landing(event);
    if (next) props.onPreview(next.clips.find((c) => c.id === clip.id) ?? null);
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const next = landing(event);
    drag.current = null;
    props.onPreview(null);
    const moved = next?.clips.find((c) => c.id === clip.id);
    if (
      moved &&
      moved !== clip &&
      (moved.start !== clip.start || moved.duration !== clip.duration || moved.lane !== clip.lane)
    )
      props.onEdit((a) => ({ ...a, clips: a.clips.map((c) => (c.id === clip.id ? moved : c)) }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const by = step > 0 ? step : FREE_STEP_S;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const sign = event.key === 'ArrowLeft' ? -1 : 1;
      if (event.shiftKey)
        props.onEdit((a) => trimClipEnd(a, clip.id, clip.start + clip.duration + sign * by));
      else props.onEdit((a) => moveClip(a, clip.id, { start: Math.max(0, clip.start + sign * by) }));
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const lane = clip.lane + (event.key === 'ArrowUp' ? -1 : 1);
      if (lane >= 0) props.onEdit((a) => moveClip(a, clip.id, { start: clip.start, lane }));
    }
  };

  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={props.takeName}
      aria-pressed={props.selected}
      aria-description={`Lane ${clip.lane + 1}, ${formatDuration(clip.start)} to ${formatDuration(clip.start + clip.duration)}`}
      data-clip-id={clip.id}
      data-take-audio={audioState}
      className={`absolute touch-none cursor-grab overflow-hidden rounded-md border text-left text-[11px] leading-4 outline-none focus-visible:ring-2 focus-visible:ring-accent ${
        props.selected ? 'border-accent inset-ring inset-ring-accent' : 'border-fg/20'
      }`}
      style={{
        left: clip.start * pxPerSecond,
        top: clip.lane * LANE_HEIGHT + 2,
        width: Math.max(4, clip.duration * pxPerSecond),
        height: LANE_HEIGHT - 4,
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        props.onPreview(null);
      }}
      onFocus={props.onSelect}
      onKeyDown={onKeyDown}
    >
      <span className="pointer-events-none block truncate px-1.5 pt-0.5 font-medium text-fg/90">
        {props.takeName}
      </span>
      {note ? (
        <span
          className={`pointer-events-none block truncate px-1.5 text-[10px] ${
            audioState === 'unsaved' || audioState === 'refused' ? 'text-amber-300' : 'text-muted'
          }`}
        >
          {note}
        </span>
      ) : null}
    </div>
  );
}
