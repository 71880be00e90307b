import type { Arrangement, ArrangementTrack } from '@beatroom/shared/studio-arrangement';
import { arrangementEnd } from '@beatroom/shared/studio-arrangement-playback';
import { AudioLines } from 'lucide-react';
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
}

const nothing = () => undefined;

/**
 * The studio's timeline showing an arrangement held elsewhere, read-only: the same ruler, beat
 * lane, lanes of clips (focusable, named after their takes), waveform layers and playhead as the
 * studio's own panel, with zoom and scroll; no edits, no seeking. A live collaborative session
 * shows its tracks and takes through it.
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
}: TimelineViewProps) {
  const [selectedClipId, setSelectedClipId] = useState<string | null>(null);
  const layers = useTimelineLayerRefs();
  const { pxPerSecond, onWheel, onKeyDown } = useTimelineZoom(layers.scroller);
  const length = Math.max(beatDuration, arrangementEnd(arrangement)) + 8;

  const { rows, height, slices } = useTimelineLayout(arrangement);
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
      preview: null,
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
    <PanelSection title="Timeline" Icon={AudioLines} className={className} actions={controls}>
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
                  .map((clip) => (
                    <TimelineClip
                      key={clip.id}
                      clip={clip}
                      takeName={takeNames.get(clip.takeId) ?? 'Take'}
                      pxPerSecond={pxPerSecond}
                      bpm={bpm}
                      arrangement={arrangement}
                      selected={selectedClipId === clip.id}
                      step={0}
                      onSelect={() => setSelectedClipId(clip.id)}
                      onEdit={nothing}
                      onPreview={nothing}
                      onDelete={nothing}
                    />
                  ))}
              </div>
            </div>
          ))}
          <TimelinePlayheadLayer layers={layers} height={height} />
        </div>
      </div>
    </PanelSection>
  );
}
