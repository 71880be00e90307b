import { BEAT_LANE_HEIGHT, HEADER_WIDTH, RULER_HEIGHT } from './timeline-geometry';

/** Moves the playhead to the time under the pointer. */
type Seek = (clientX: number) => void;

/** The bar/beat ruler's row (drawn on the canvas beneath): a press there moves the playhead. */
export function TimelineRuler({ bpm, onSeek }: { bpm: number; onSeek: Seek }) {
  return (
    <div
      className="relative flex cursor-pointer"
      style={{ height: RULER_HEIGHT }}
      onPointerDown={(event) => onSeek(event.clientX)}
    >
      <div
        className="sticky left-0 z-20 shrink-0 border-r border-line bg-surface px-2 text-[11px] leading-6 text-muted"
        style={{ width: HEADER_WIDTH }}
      >
        {bpm} BPM
      </div>
    </div>
  );
}

/** The beat's lane (its waveform is on the canvas beneath): a press there moves the playhead. */
export function TimelineBeatLane({ onSeek }: { onSeek: Seek }) {
  return (
    <div
      role="group"
      aria-label="Beat"
      className="relative flex border-t border-line"
      style={{ height: BEAT_LANE_HEIGHT }}
    >
      <div
        className="sticky left-0 z-20 flex shrink-0 items-center border-r border-line bg-surface px-2 text-sm font-medium"
        style={{ width: HEADER_WIDTH }}
      >
        Beat
      </div>
      <div className="flex-1" onPointerDown={(event) => onSeek(event.clientX)} />
    </div>
  );
}
