import type { Arrangement, ArrangementClip, ArrangementTrack } from '@beatroom/shared/studio-arrangement';
import { snapStepSeconds } from '@beatroom/shared/studio-arrangement-grid';
import { arrangementEnd } from '@beatroom/shared/studio-arrangement-playback';
import { AudioLines } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useMemo, useState, type ReactNode } from 'react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useTimelineZoom } from '../hooks/use-timeline-zoom';
import { HEADER_WIDTH, LANE_HEIGHT } from './timeline-geometry';
import { TimelineClip } from './timeline-clip';
import { TimelinePlayheadLayer, TimelineWaveformLayer } from './timeline-layer-elements';
import { useTimelineLayers } from './timeline-layers';
import { useTimelineLayerRefs, useTimelineLayout } from './timeline-layout';
import { TimelineBeatLane, TimelineRuler } from './timeline-ruler';

type Peaks = ReadonlyArray<readonly [number, number]>;

export interface TimelineViewProps {
  /** What to show; the view never changes it. */
  arrangement: Arrangement;
  bpm: number;
  /** Seconds; 0 until the beat is decoded. */
  beatDuration: number;
  beatPeaks: Peaks | null;
  /** Each take's waveform by take id. */
  peaks: Record<string, Peaks>;
  /** Where the playhead stands while the transport does not run. */
  playhead: number;
  /** The transport's position while it runs, else null. */
  position: () => number | null;
  /** Each track's header: its owner's controls (the studio's editing ones do not apply). */
  trackHeader: (track: ArrangementTrack) => ReactNode;
  /** Beside the title. */
  controls?: ReactNode;
  className?: string;
  /**
   * Clips the viewer may move (to another start on its lane's track, snapped as the studio
   * snaps) or delete; none when not given. The view never changes the arrangement itself: the
   * owner hears of the edit and hands back the arrangement it makes.
   */
  /**
   * Drawn over each track's lanes, beside its clips (a live session's takes being recorded): the
   * owner keeps what changes there to itself, so the view does not render again for it.
   */
  laneExtras?: (track: ArrangementTrack, geometry: { pxPerSecond: number; laneHeight: number }) => ReactNode;
  edits?: {
    canMove: (clip: ArrangementClip) => boolean;
    canDelete: (clip: ArrangementClip) => boolean;
    onMove: (clip: ArrangementClip, start: number) => void;
    onDelete: (clip: ArrangementClip) => void;
  };
}

const nothing = () => undefined;

/** The edited clip when the edit only moved it (same take, same length, same track). */
function sameLength(clip: ArrangementClip, next: ArrangementClip | undefined): ArrangementClip | null {
  if (!next || next.trackId !== clip.trackId) return null;
  if (next.duration !== clip.duration || next.offset !== clip.offset) return null;
  return { ...next, lane: clip.lane };
}

/**
 * The studio's timeline showing an arrangement held elsewhere, which it never changes itself: the
 * same ruler, beat lane, lanes of clips (focusable, named after their takes), waveform layers and
 * playhead as the studio's own panel, with zoom and scroll; no seeking, and no edits but the moves
 * and deletions its owner allows (`edits`). A live collaborative session shows its tracks and
 * takes through it.
 */
export function TimelineView({
  arrangement,
  bpm,
  beatDuration,
  beatPeaks,
  peaks,
  playhead,
  position,
  trackHeader,
  controls,
  className,
  laneExtras,
  edits,
}: TimelineViewProps) {
  const [selectedClipId, setSelectedClipId] = useState<string | null>(null);
  const [preview, setPreview] = useState<ArrangementClip | null>(null);
  const selected = arrangement.clips.find((clip) => clip.id === selectedClipId) ?? null;
  const deletable = selected && edits?.canDelete(selected) ? selected : null;
  const layers = useTimelineLayerRefs();
  const { pxPerSecond, onWheel, onKeyDown } = useTimelineZoom(layers.scroller);
  const length = Math.max(beatDuration, arrangementEnd(arrangement)) + 8;

  const { rows, height, slices } = useTimelineLayout(arrangement);
  const step = snapStepSeconds(arrangement.snap, bpm);
  // Of the clip's edits only a move to another start applies here (a trim, a lane of its own
  // choosing or another track do not): lanes stack as the arrangement's owner places them.
  const moveOnly = (clip: ArrangementClip, change: (a: Arrangement) => Arrangement) => {
    const next = sameLength(
      clip,
      change(arrangement).clips.find((c) => c.id === clip.id),
    );
    if (next && next.start !== clip.start) edits?.onMove(clip, next.start);
  };
  const takeNames = useMemo(
    () => new Map(arrangement.takes.map((take) => [take.id, take.name])),
    [arrangement.takes],
  );

  const requestDraw = useTimelineLayers({
    scene: {
      arrangement,
      rows,
      slices,
      peaks,
      preview,
      pxPerSecond,
      height,
      bpm,
      beatDuration,
      beatPeaks,
    },
    total: length * pxPerSecond,
    playhead,
    position,
    refs: layers,
  });

  return (
    <PanelSection
      title="Timeline"
      Icon={AudioLines}
      className={className}
      actions={
        <>
          {deletable ? (
            <Button size="sm" variant="ghost" onClick={() => edits!.onDelete(deletable)}>
              Delete clip
            </Button>
          ) : null}
          {controls}
        </>
      }
    >
      {/* Opaque, as the studio's panel: Chromium scrolls it on the compositor only then. */}
      <div
        ref={layers.scroller}
        className="relative mt-3 overflow-x-auto overflow-y-hidden rounded-xl border border-line bg-bg"
        onScroll={requestDraw}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        <div className="relative" style={{ width: HEADER_WIDTH + length * pxPerSecond, height }}>
          <TimelineWaveformLayer layers={layers} width={length * pxPerSecond} height={height} />
          <TimelineRuler bpm={bpm} onSeek={nothing} />
          <TimelineBeatLane onSeek={nothing} />
          {arrangement.tracks.map((track, index) => (
            <div
              key={track.id}
              role="group"
              aria-label={track.name}
              className="relative flex border-t border-line"
              style={{ height: rows[index]!.lanes * LANE_HEIGHT }}
            >
              <div
                className={`sticky left-0 z-20 flex shrink-0 flex-col justify-center border-r border-line px-2 py-1 ${
                  arrangement.selectedTrackId === track.id ? 'bg-accent/15' : 'bg-surface'
                }`}
                style={{ width: HEADER_WIDTH }}
              >
                {trackHeader(track)}
              </div>
              <div className="relative flex-1">
                {arrangement.clips
                  .filter((clip) => clip.trackId === track.id)
                  .map((clip) => {
                    const movable = edits?.canMove(clip) ?? false;
                    return (
                      <TimelineClip
                        key={clip.id}
                        clip={clip}
                        takeName={takeNames.get(clip.takeId) ?? 'Take'}
                        pxPerSecond={pxPerSecond}
                        bpm={bpm}
                        arrangement={arrangement}
                        selected={selectedClipId === clip.id}
                        step={step}
                        onSelect={() => setSelectedClipId(clip.id)}
                        onEdit={movable ? (change) => moveOnly(clip, change) : nothing}
                        onPreview={movable ? (next) => setPreview(next && sameLength(clip, next)) : nothing}
                        onDelete={edits?.canDelete(clip) ? () => edits.onDelete(clip) : nothing}
                      />
                    );
                  })}
                {laneExtras?.(track, { pxPerSecond, laneHeight: LANE_HEIGHT })}
              </div>
            </div>
          ))}
          <TimelinePlayheadLayer layers={layers} height={height} />
        </div>
      </div>
    </PanelSection>
  );
}
