import type { Arrangement, ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { SNAP_VALUES, type Snap } from '@beatroom/shared/studio-arrangement';
import {
  deleteClip,
  duplicateClip,
  setClipFades,
  splitClip,
} from '@beatroom/shared/studio-arrangement-clips';
import { setRange, setSnap, snapStepSeconds, snapTime } from '@beatroom/shared/studio-arrangement-grid';
import { addTrack, compRegion } from '@beatroom/shared/studio-arrangement-tracks';
import { formatDuration } from '@beatroom/shared/format-numbers';
import { Minus, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useArrangementStore } from '../store/arrangement-store';

const SNAP_LABELS: Record<Snap, string> = {
  off: 'Off',
  bar: 'Bar',
  beat: 'Beat',
  '1/8': '1/8',
  '1/16': '1/16',
};

interface TimelineToolbarProps {
  arrangement: Arrangement;
  bpm: number;
  playhead: number;
  /** The clip the clip tools act on; they are disabled without one. */
  selected: ArrangementClip | null;
  onZoom: (factor: number) => void;
}

/** The timeline's tools: snap, zoom, the playhead, the selected clip's edits, loop, punch, tracks. */
export function TimelineToolbar({ arrangement, bpm, playhead, selected, onZoom }: TimelineToolbarProps) {
  const { edit, selectClip } = useArrangementStore.getState();
  const bar = snapStepSeconds('bar', bpm);
  const clipActions = selected
    ? {
        split: () => edit((a) => splitClip(a, selected.id, playhead)),
        duplicate: () => edit((a) => duplicateClip(a, selected.id)),
        fadeIn: () =>
          edit((a) =>
            setClipFades(a, selected.id, {
              fadeIn: selected.fadeIn > 0 ? 0 : Math.min(0.5, selected.duration / 4),
            }),
          ),
        fadeOut: () =>
          edit((a) =>
            setClipFades(a, selected.id, {
              fadeOut: selected.fadeOut > 0 ? 0 : Math.min(0.5, selected.duration / 4),
            }),
          ),
        comp: () =>
          edit((a) =>
            compRegion(
              a,
              selected.trackId,
              selected.start,
              selected.start + selected.duration,
              selected.lane,
            ),
          ),
        remove: () => {
          selectClip(null);
          edit((a) => deleteClip(a, selected.id));
        },
        punch: () =>
          edit((a) =>
            setRange(a, 'punch', { start: selected.start, end: selected.start + selected.duration }),
          ),
      }
    : null;

  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-1.5 text-sm"
      role="toolbar"
      aria-label="Timeline tools"
    >
      <label className="flex items-center gap-1 text-muted">
        Snap
        <select
          aria-label="Snap"
          value={arrangement.snap}
          onChange={(event) => edit((a) => setSnap(a, event.target.value as Snap))}
          className="h-8 rounded-lg border border-line bg-surface px-2 text-fg"
        >
          {SNAP_VALUES.map((value) => (
            <option key={value} value={value}>
              {SNAP_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" variant="ghost" aria-label="Zoom out" onClick={() => onZoom(0.8)}>
        <Minus aria-hidden="true" className="size-4" />
      </Button>
      <Button size="sm" variant="ghost" aria-label="Zoom in" onClick={() => onZoom(1.25)}>
        <Plus aria-hidden="true" className="size-4" />
      </Button>
      <span className="px-1 tabular-nums text-muted" aria-label="Playhead">
        {formatDuration(playhead)}
      </span>
      <Button size="sm" variant="secondary" disabled={!clipActions} onClick={clipActions?.split}>
        Split
      </Button>
      <Button size="sm" variant="secondary" disabled={!clipActions} onClick={clipActions?.duplicate}>
        Duplicate
      </Button>
      <Button size="sm" variant="secondary" disabled={!clipActions} onClick={clipActions?.fadeIn}>
        Fade in
      </Button>
      <Button size="sm" variant="secondary" disabled={!clipActions} onClick={clipActions?.fadeOut}>
        Fade out
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={!clipActions}
        onClick={clipActions?.comp}
        title="Play this lane over this clip's span"
      >
        Comp
      </Button>
      <Button size="sm" variant="secondary" disabled={!clipActions} onClick={clipActions?.remove}>
        Delete clip
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-pressed={arrangement.loop !== null}
        onClick={() =>
          edit((a) => {
            if (a.loop) return setRange(a, 'loop', null);
            const start = snapTime(playhead, 'bar', bpm);
            return setRange(a, 'loop', { start, end: start + 4 * bar });
          })
        }
      >
        Loop
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-pressed={arrangement.punch !== null}
        onClick={() => (arrangement.punch ? edit((a) => setRange(a, 'punch', null)) : clipActions?.punch())}
        disabled={!arrangement.punch && !clipActions}
        title="Punch-in/out over the selected clip's span"
      >
        Punch
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={arrangement.tracks.length >= 8}
        onClick={() => edit(addTrack)}
      >
        Add track
      </Button>
    </div>
  );
}
