import type { Arrangement, ArrangementClip, ArrangementTrack } from '@beatroom/shared/studio-arrangement';
import { armTrack, removeTrack, selectTrack, setTrack } from '@beatroom/shared/studio-arrangement-tracks';
import { deleteClip } from '@beatroom/shared/studio-arrangement-clips';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { HEADER_WIDTH, LANE_HEIGHT } from './timeline-geometry';
import { TimelineClip } from './timeline-clip';

type Edit = (change: (arrangement: Arrangement) => Arrangement, coalesce?: string) => void;

const toggleClasses = (on: boolean, colour: string) =>
  `h-6 w-7 rounded text-[11px] font-semibold ${on ? colour : 'bg-fg/10 text-muted hover:bg-fg/20'}`;

/** The track's name field: renames on Enter or leaving the field (one undo step). */
function TrackName({ track, onEdit }: { track: ArrangementTrack; onEdit: Edit }) {
  const [name, setName] = useState(track.name);
  useEffect(() => setName(track.name), [track.name]);
  const rename = () => {
    if (name.trim() && name !== track.name) onEdit((a) => setTrack(a, track.id, { name }));
    else setName(track.name);
  };
  return (
    <input
      aria-label="Track name"
      value={name}
      maxLength={60}
      onChange={(event) => setName(event.target.value)}
      onBlur={rename}
      onKeyDown={(event) => {
        if (event.key === 'Enter') rename();
      }}
      className="min-w-0 flex-1 rounded bg-transparent px-1 text-sm font-medium hover:bg-fg/5 focus:bg-fg/10 focus:outline-none"
    />
  );
}

export interface TimelineTrackProps {
  track: ArrangementTrack;
  arrangement: Arrangement;
  lanes: number;
  pxPerSecond: number;
  bpm: number;
  step: number;
  selectedClipId: string | null;
  onEdit: Edit;
  onSelectClip: (id: string | null) => void;
  onPreview: (clip: ArrangementClip | null) => void;
}

/**
 * One vocal track: a group named after it holding its header (name, volume, pan, mute, solo,
 * arm, remove) and its lanes of clips. Choosing the track makes the effect panels and presets
 * act on its chain.
 */
export function TimelineTrack(props: TimelineTrackProps) {
  const { track, arrangement, onEdit } = props;
  const selected = arrangement.selectedTrackId === track.id;
  const takeNames = new Map(arrangement.takes.map((take) => [take.id, take.name]));
  const clips = arrangement.clips.filter((clip) => clip.trackId === track.id);
  return (
    <div
      role="group"
      aria-label={track.name}
      className="relative flex border-t border-line"
      style={{ height: props.lanes * LANE_HEIGHT }}
    >
      <div
        className={`sticky left-0 z-20 flex shrink-0 flex-col gap-1 border-r border-line px-2 py-1 ${
          selected ? 'bg-accent/15' : 'bg-surface'
        }`}
        style={{ width: HEADER_WIDTH }}
        onPointerDown={() => onEdit((a) => selectTrack(a, track.id))}
      >
        <div className="flex items-center gap-1">
          <TrackName track={track} onEdit={onEdit} />
          <button
            type="button"
            aria-pressed={track.mute}
            aria-label="Mute"
            title="Mute"
            className={toggleClasses(track.mute, 'bg-amber-500 text-black')}
            onClick={() => onEdit((a) => setTrack(a, track.id, { mute: !track.mute }))}
          >
            M
          </button>
          <button
            type="button"
            aria-pressed={track.solo}
            aria-label="Solo"
            title="Solo"
            className={toggleClasses(track.solo, 'bg-sky-500 text-black')}
            onClick={() => onEdit((a) => setTrack(a, track.id, { solo: !track.solo }))}
          >
            S
          </button>
          <button
            type="button"
            aria-pressed={track.arm}
            aria-label="Arm for recording"
            title="Arm for recording"
            className={toggleClasses(track.arm, 'bg-red-600 text-white')}
            onClick={() => onEdit((a) => armTrack(a, track.id))}
          >
            R
          </button>
          <button
            type="button"
            aria-label="Remove track"
            title="Remove track"
            disabled={arrangement.tracks.length <= 1}
            className="grid h-6 w-6 place-items-center rounded text-muted hover:bg-fg/10 disabled:opacity-40"
            onClick={() => onEdit((a) => removeTrack(a, track.id))}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
          </button>
        </div>
        <div className="flex items-center gap-2 text-[11px] text-muted">
          <label className="flex min-w-0 flex-1 items-center gap-1">
            Vol
            <input
              type="range"
              aria-label="Volume"
              min={0}
              max={200}
              value={Math.round(track.volume * 100)}
              onChange={(event) =>
                onEdit(
                  (a) => setTrack(a, track.id, { volume: Number(event.target.value) / 100 }),
                  `volume:${track.id}`,
                )
              }
              className="min-w-0 flex-1 accent-[var(--color-accent)]"
            />
          </label>
          <label className="flex min-w-0 flex-1 items-center gap-1">
            Pan
            <input
              type="range"
              aria-label="Pan"
              min={-100}
              max={100}
              value={Math.round(track.pan * 100)}
              onChange={(event) =>
                onEdit(
                  (a) => setTrack(a, track.id, { pan: Number(event.target.value) / 100 }),
                  `pan:${track.id}`,
                )
              }
              className="min-w-0 flex-1 accent-[var(--color-accent)]"
            />
          </label>
        </div>
      </div>
      <div className="relative flex-1">
        {clips.map((clip) => (
          <TimelineClip
            key={clip.id}
            clip={clip}
            takeName={takeNames.get(clip.takeId) ?? 'Take'}
            pxPerSecond={props.pxPerSecond}
            bpm={props.bpm}
            arrangement={arrangement}
            selected={props.selectedClipId === clip.id}
            step={props.step}
            onSelect={() => props.onSelectClip(clip.id)}
            onEdit={onEdit}
            onPreview={props.onPreview}
            onDelete={() => {
              props.onSelectClip(null);
              onEdit((a) => deleteClip(a, clip.id));
            }}
          />
        ))}
      </div>
    </div>
  );
}
