import type { TimelineLayerRefs } from './timeline-layers';
import { HEADER_WIDTH } from './timeline-geometry';

/**
 * The elements under the lanes that timeline-layers.ts draws into: the waveform tiles and the
 * lane-high canvas of the take being recorded, from 0 s on (right of the track headers). The
 * studio's panel and the read-only view share them, so both draw alike.
 */
export function TimelineWaveformLayer({
  layers,
  width,
  height,
}: {
  layers: TimelineLayerRefs;
  /** The arrangement's length in pixels. */
  width: number;
  height: number;
}) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-0 z-0"
      style={{ left: HEADER_WIDTH, width, height }}
    >
      <div ref={layers.tiles} />
      <canvas ref={layers.live} hidden className="absolute top-0 left-0 will-change-transform" />
    </div>
  );
}

/** The playhead: over the clips, under the sticky track headers; moved by transform only. */
export function TimelinePlayheadLayer({ layers, height }: { layers: TimelineLayerRefs; height: number }) {
  return (
    <div
      ref={layers.playhead}
      aria-hidden="true"
      className="pointer-events-none absolute top-0 z-10 w-0.5 bg-accent will-change-transform"
      style={{ left: HEADER_WIDTH, height }}
    />
  );
}
