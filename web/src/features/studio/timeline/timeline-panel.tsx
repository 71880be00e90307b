import type { ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { snapStepSeconds, snapTime } from '@beatroom/shared/studio-arrangement-grid';
import { arrangementEnd } from '@beatroom/shared/studio-arrangement-playback';
import { AudioLines } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useTimelineZoom } from '../hooks/use-timeline-zoom';
import { useUndoRedoKeys } from '../hooks/use-undo-redo-keys';
import { useArrangementStore } from '../store/arrangement-store';
import { HEADER_WIDTH } from './timeline-geometry';
import { TimelineHistoryButtons } from './timeline-history-buttons';
import { TimelinePlayheadLayer, TimelineWaveformLayer } from './timeline-layer-elements';
import { useTimelineLayers } from './timeline-layers';
import { useTimelineLayerRefs, useTimelineLayout } from './timeline-layout';
import { TimelineBeatLane, TimelineRuler } from './timeline-ruler';
import { TimelineToolbar } from './timeline-toolbar';
import { TimelineTrack } from './timeline-track';

type Peaks = ReadonlyArray<readonly [number, number]>;

export interface TimelinePanelProps {
  bpm: number;
  /** Seconds; 0 until the beat is decoded. */
  beatDuration: number;
  beatPeaks: Peaks | null;
  /** The transport's position on the beat's timeline while playing or recording, else null. */
  position: () => number | null;
  /** Beside Undo/Redo: the transport and export controls. */
  controls?: ReactNode;
  className?: string;
}

/**
 * The studio's timeline: the beat's lane and up to 8 vocal tracks of clips over a bar/beat
 * ruler, with snap, zoom and scroll, a playhead that follows the transport, and Undo/Redo.
 * Waveforms are drawn on canvas tiles under the tracks (see timeline-layers.ts); every clip is
 * also a focusable element (named after its take) laid over them, so the timeline works by
 * keyboard.
 */
export function TimelinePanel({
  bpm,
  beatDuration,
  beatPeaks,
  position,
  controls,
  className,
}: TimelinePanelProps) {
  const history = useArrangementStore((state) => state.history);
  const peaks = useArrangementStore((state) => state.peaks);
  const selectedClipId = useArrangementStore((state) => state.selectedClipId);
  const playhead = useArrangementStore((state) => state.playhead);
  const { edit, selectClip, setPlayhead } = useArrangementStore.getState();
  const arrangement = history.present;
  const [preview, setPreview] = useState<ArrangementClip | null>(null);
  const layers = useTimelineLayerRefs();
  const scroller = layers.scroller;
  const { pxPerSecond, zoom, onWheel, onKeyDown } = useTimelineZoom(scroller);

  const step = snapStepSeconds(arrangement.snap, bpm);
  const selected = arrangement.clips.find((clip) => clip.id === selectedClipId) ?? null;
  const length = Math.max(beatDuration, arrangementEnd(arrangement)) + 8;
  const contentWidth = HEADER_WIDTH + length * pxPerSecond;

  const { rows, height, slices } = useTimelineLayout(arrangement);

  const requestDraw = useTimelineLayers({
    scene: { arrangement, rows, slices, peaks, preview, pxPerSecond, height, bpm, beatDuration, beatPeaks },
    total: length * pxPerSecond,
    playhead,
    position,
    refs: layers,
  });
  useUndoRedoKeys();

  const seek = (clientX: number) => {
    const box = scroller.current;
    if (!box) return;
    const x = clientX - box.getBoundingClientRect().left - HEADER_WIDTH + box.scrollLeft;
    setPlayhead(snapTime(x / pxPerSecond, arrangement.snap, bpm));
  };

  return (
    <PanelSection
      title="Timeline"
      Icon={AudioLines}
      className={className}
      actions={<TimelineHistoryButtons history={history} controls={controls} />}
    >
      <TimelineToolbar
        arrangement={arrangement}
        bpm={bpm}
        playhead={playhead}
        selected={selected}
        onZoom={zoom}
      />
      {/* An opaque background: Chromium scrolls a box on the compositor (no repaint per scrolled
          frame) only when it can keep its text sharp, which a see-through box prevents. */}
      <div
        ref={scroller}
        className="relative mt-3 overflow-x-auto overflow-y-hidden rounded-xl border border-line bg-bg"
        onScroll={requestDraw}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        <div className="relative" style={{ width: contentWidth, height }}>
          <TimelineWaveformLayer layers={layers} width={length * pxPerSecond} height={height} />
          <TimelineRuler bpm={bpm} onSeek={seek} />
          <TimelineBeatLane onSeek={seek} />
          {arrangement.tracks.map((track, index) => (
            <TimelineTrack
              key={track.id}
              track={track}
              arrangement={arrangement}
              lanes={rows[index]!.lanes}
              pxPerSecond={pxPerSecond}
              bpm={bpm}
              step={step}
              selectedClipId={selectedClipId}
              onEdit={edit}
              onSelectClip={selectClip}
              onPreview={setPreview}
            />
          ))}
          <TimelinePlayheadLayer layers={layers} height={height} />
        </div>
      </div>
    </PanelSection>
  );
}
