import type { ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { SNAP_VALUES, type Snap } from '@beatroom/shared/studio-arrangement';
import {
  addTrack,
  compRegion,
  deleteClip,
  duplicateClip,
  setClipFades,
  setRange,
  setSnap,
  snapStepSeconds,
  snapTime,
  splitClip,
} from '@beatroom/shared/studio-arrangement-ops';
import { arrangementEnd, canRedo, canUndo, trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { formatDuration } from '@beatroom/shared/format-numbers';
import { AudioLines, Minus, Plus, Redo2, Undo2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { PanelSection } from '../../../components/ui/panel-section';
import { useArrangementStore } from '../store/arrangement-store';
import { drawTimeline, type TimelineRowLayout } from './timeline-draw';
import {
  BEAT_LANE_HEIGHT,
  clampZoom,
  DEFAULT_PX_PER_SECOND,
  HEADER_WIDTH,
  LANE_HEIGHT,
  laneCount,
  RULER_HEIGHT,
} from './timeline-geometry';
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

const SNAP_LABELS: Record<Snap, string> = {
  off: 'Off',
  bar: 'Bar',
  beat: 'Beat',
  '1/8': '1/8',
  '1/16': '1/16',
};

function cssColor(element: Element, variable: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(variable).trim() || fallback;
}

const editableTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The studio's timeline: the beat's lane and up to 8 vocal tracks of clips over a bar/beat
 * ruler, with snap, zoom and scroll, a playhead that follows the transport, and Undo/Redo.
 * Waveforms are drawn on one canvas for the visible part only; every clip is also a focusable
 * element (named after its take) laid over it, so the timeline works by keyboard.
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
  const { edit, undo, redo, selectClip, setPlayhead } = useArrangementStore.getState();
  const arrangement = history.present;
  const [pxPerSecond, setPxPerSecond] = useState(DEFAULT_PX_PER_SECOND);
  const [preview, setPreview] = useState<ArrangementClip | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const livePlayhead = useRef<number | null>(null);
  const liveLength = useRef(-1);

  const step = snapStepSeconds(arrangement.snap, bpm);
  const selected = arrangement.clips.find((clip) => clip.id === selectedClipId) ?? null;
  const length = Math.max(beatDuration, arrangementEnd(arrangement)) + 8;
  const contentWidth = HEADER_WIDTH + length * pxPerSecond;

  const rows = useMemo(() => {
    let top = RULER_HEIGHT + BEAT_LANE_HEIGHT;
    return arrangement.tracks.map((track) => {
      const lanes = laneCount(arrangement.clips.filter((c) => c.trackId === track.id).map((c) => c.lane));
      const row: TimelineRowLayout = { trackId: track.id, top, lanes };
      top += lanes * LANE_HEIGHT;
      return row;
    });
  }, [arrangement]);
  const height = rows.reduce((h, row) => h + row.lanes * LANE_HEIGHT, RULER_HEIGHT + BEAT_LANE_HEIGHT);
  const slices = useMemo(
    () =>
      Object.fromEntries(arrangement.tracks.map((track) => [track.id, trackSlices(arrangement, track.id)])),
    [arrangement],
  );

  // Everything the canvas draws, read by the frame loop through a ref (no re-render per frame).
  const view = useRef({
    arrangement,
    rows,
    slices,
    peaks,
    preview,
    selectedClipId,
    playhead,
    pxPerSecond,
    height,
  });
  view.current = {
    arrangement,
    rows,
    slices,
    peaks,
    preview,
    selectedClipId,
    playhead,
    pxPerSecond,
    height,
  };
  const dirty = useRef(true);
  // Frames are asked for only when something changed, or while the transport runs or a take
  // records (then every frame): an idle timeline costs nothing.
  const requestDraw = useRef(() => undefined as void);
  useLayoutEffect(() => {
    dirty.current = true;
    requestDraw.current();
  });

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    requestDraw.current = () => {
      dirty.current = true;
      schedule();
    };
    // Playback or recording starting elsewhere on the page is noticed within a quarter second.
    const watch = window.setInterval(() => {
      if (position() !== null || useArrangementStore.getState().live) schedule();
    }, 250);
    const draw = () => {
      frame = 0;
      const running = position() !== null || useArrangementStore.getState().live !== null;
      if (running) schedule();
      const element = canvas.current;
      const box = scroller.current;
      if (!element || !box) return;
      const now = position();
      if (now !== null && now !== livePlayhead.current) {
        livePlayhead.current = now;
        dirty.current = true;
        // Follow the transport: keep the playhead on screen.
        const x = now * view.current.pxPerSecond;
        const visible = box.clientWidth - HEADER_WIDTH;
        if (x < box.scrollLeft || x > box.scrollLeft + visible * 0.9)
          box.scrollLeft = Math.max(0, x - visible * 0.1);
      } else if (now === null && livePlayhead.current !== null) {
        livePlayhead.current = null;
        dirty.current = true;
      }
      const live = useArrangementStore.getState().live;
      if (live && live.peaks.length !== liveLength.current) dirty.current = true;
      liveLength.current = live?.peaks.length ?? -1;
      if (!dirty.current) return;
      dirty.current = false;
      const width = Math.max(1, box.clientWidth - HEADER_WIDTH);
      const ratio = window.devicePixelRatio || 1;
      const v = view.current;
      if (element.width !== Math.round(width * ratio) || element.height !== Math.round(v.height * ratio)) {
        element.width = Math.round(width * ratio);
        element.height = Math.round(v.height * ratio);
        element.style.width = `${width}px`;
        element.style.height = `${v.height}px`;
      }
      element.style.left = `${HEADER_WIDTH + box.scrollLeft}px`;
      const ctx = element.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawTimeline(ctx, {
        width,
        height: v.height,
        fromSeconds: box.scrollLeft / v.pxPerSecond,
        pxPerSecond: v.pxPerSecond,
        bpm,
        arrangement: v.arrangement,
        rows: v.rows,
        slices: v.slices,
        peaks: v.peaks,
        beatPeaks,
        beatDuration,
        playhead: livePlayhead.current ?? v.playhead,
        preview: v.preview,
        selectedClipId: v.selectedClipId,
        live,
        colors: {
          grid: 'rgba(127,127,127,0.15)',
          bar: 'rgba(127,127,127,0.4)',
          wave: cssColor(element, '--app-muted', '#a3a1b5'),
          accent: cssColor(element, '--app-accent', '#8b5cf6'),
          text: cssColor(element, '--app-fg', '#f5f5f7'),
          clip: cssColor(element, '--app-accent', '#8b5cf6'),
        },
      });
    };
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(watch);
      requestDraw.current = () => undefined;
    };
  }, [beatDuration, beatPeaks, bpm, position]);

  // Undo/redo by keyboard anywhere on the page except in a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || editableTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        useArrangementStore.getState().undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        useArrangementStore.getState().redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const zoom = (factor: number, anchorX?: number) => {
    const box = scroller.current;
    const next = clampZoom(pxPerSecond * factor);
    if (box) {
      // Keep the time under the pointer (or the left edge) where it was.
      const x = anchorX ?? 0;
      const time = (box.scrollLeft + x) / pxPerSecond;
      requestAnimationFrame(() => {
        box.scrollLeft = Math.max(0, time * next - x);
      });
    }
    setPxPerSecond(next);
  };

  const onWheel = (event: React.WheelEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey) {
      // Pinch on a trackpad or Ctrl + wheel zooms around the pointer.
      const box = event.currentTarget.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, Math.max(0, event.clientX - box.left - HEADER_WIDTH));
    }
  };

  const seek = (clientX: number) => {
    const box = scroller.current;
    if (!box) return;
    const x = clientX - box.getBoundingClientRect().left - HEADER_WIDTH + box.scrollLeft;
    setPlayhead(snapTime(x / pxPerSecond, arrangement.snap, bpm));
  };

  const onRegionKey = (event: React.KeyboardEvent) => {
    if (editableTarget(event.target)) return;
    if (event.key === '+' || event.key === '=') zoom(1.25);
    else if (event.key === '-') zoom(0.8);
  };

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
    <PanelSection
      title="Timeline"
      Icon={AudioLines}
      className={className}
      actions={
        <div className="flex flex-wrap items-center gap-1.5">
          <Button
            size="sm"
            variant="secondary"
            aria-label="Undo"
            title="Undo (Ctrl+Z)"
            disabled={!canUndo(history)}
            onClick={undo}
          >
            <Undo2 aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label="Redo"
            title="Redo (Ctrl+Shift+Z)"
            disabled={!canRedo(history)}
            onClick={redo}
          >
            <Redo2 aria-hidden="true" className="size-4" />
          </Button>
          {controls}
        </div>
      }
    >
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
        <Button size="sm" variant="ghost" aria-label="Zoom out" onClick={() => zoom(0.8)}>
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <Button size="sm" variant="ghost" aria-label="Zoom in" onClick={() => zoom(1.25)}>
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
      <div
        ref={scroller}
        className="relative mt-3 overflow-x-auto overflow-y-hidden rounded-xl border border-line bg-bg/60"
        onScroll={() => {
          requestDraw.current();
        }}
        onWheel={onWheel}
        onKeyDown={onRegionKey}
      >
        <div className="relative" style={{ width: contentWidth, height }}>
          <canvas ref={canvas} aria-hidden="true" className="pointer-events-none absolute top-0 z-0" />
          <div
            className="relative flex cursor-pointer"
            style={{ height: RULER_HEIGHT }}
            onPointerDown={(event) => seek(event.clientX)}
          >
            <div
              className="sticky left-0 z-20 shrink-0 border-r border-line bg-surface px-2 text-[11px] leading-6 text-muted"
              style={{ width: HEADER_WIDTH }}
            >
              {bpm} BPM
            </div>
          </div>
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
            <div className="flex-1" onPointerDown={(event) => seek(event.clientX)} />
          </div>
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
        </div>
      </div>
    </PanelSection>
  );
}
