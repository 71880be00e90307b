import type { Track } from '@beatroom/shared/collab-sessions-contract';
import {
  COLLAB_LIVE_LEVELS_PER_SECOND,
  COLLAB_LIVE_STALE_MS,
} from '@beatroom/shared/collab-take-edits-contract';
import { formatDuration } from '@beatroom/shared/format-numbers';
import type { ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clipOf } from '../session-arrangement';
import { isFresh, RECORDING_CLIP_NAME } from '../session-recordings';
import { useCollabLiveStore, type LiveRecording } from '../store/collab-live-store';

/** The waveform's canvas stops growing here and stretches (a texture this wide is still fine). */
const MAX_CANVAS_PX = 4096;

function drawLevels(canvas: HTMLCanvasElement, levels: readonly number[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = getComputedStyle(canvas).color;
  const perColumn = levels.length / width;
  for (let x = 0; x < width; x++) {
    let peak = 0;
    const to = Math.min(levels.length, Math.ceil((x + 1) * perColumn));
    for (let i = Math.floor(x * perColumn); i < to; i++) peak = Math.max(peak, levels[i]!);
    const bar = Math.max(1, peak * (height - 4));
    ctx.fillRect(x, (height - bar) / 2, 1, bar);
  }
}

/** One member's take in progress: a tinted clip as long as its levels, their waveform inside. */
function RecordingClip({
  recording,
  track,
  clips,
  pxPerSecond,
  laneHeight,
}: {
  recording: LiveRecording;
  track: Track;
  clips: readonly ArrangementClip[];
  pxPerSecond: number;
  laneHeight: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const duration = recording.levels.length / COLLAB_LIVE_LEVELS_PER_SECOND;
  const { lane } = clipOf(
    { id: '', track, start_seconds: recording.start, duration_seconds: duration },
    clips,
  );
  const width = Math.max(4, duration * pxPerSecond);
  const pixels = Math.min(MAX_CANVAS_PX, Math.ceil(width));
  useLayoutEffect(() => {
    if (canvas.current) drawLevels(canvas.current, recording.levels);
  }, [recording.levels, pixels]);
  return (
    <div
      role="img"
      aria-label={RECORDING_CLIP_NAME}
      aria-description={`Lane ${lane + 1}, ${formatDuration(recording.start)} to ${formatDuration(recording.start + duration)}`}
      className="pointer-events-none absolute overflow-hidden rounded-md border border-red-400/60 bg-red-500/15 text-[11px] leading-4 text-red-300"
      style={{
        left: recording.start * pxPerSecond,
        top: lane * laneHeight + 2,
        width,
        height: laneHeight - 4,
      }}
    >
      <canvas
        ref={canvas}
        width={pixels}
        height={laneHeight - 4}
        className="absolute inset-0 h-full w-full"
      />
      <span className="relative block truncate px-1.5 pt-0.5 font-medium">{RECORDING_CLIP_NAME}</span>
    </div>
  );
}

const none: Record<string, LiveRecording> = {};

/**
 * The takes being recorded on one track of the session's timeline, drawn over its lanes. It
 * follows the live store by itself, so a frame re-renders this and nothing else of the timeline
 * (its tiles are not drawn again); a take whose frames stopped coming goes once stale.
 */
export function LiveRecordingClips(props: {
  sessionId: string;
  track: Track;
  clips: readonly ArrangementClip[];
  pxPerSecond: number;
  laneHeight: number;
}) {
  const recordings = useCollabLiveStore((s) => s.recordings[props.sessionId] ?? none);
  const mine = Object.entries(recordings).filter(([, r]) => r.track === props.track);
  const [now, setNow] = useState(() => Date.now());
  const any = mine.length > 0;
  useEffect(() => {
    if (!any) return;
    const timer = window.setInterval(() => setNow(Date.now()), COLLAB_LIVE_STALE_MS / 4);
    return () => window.clearInterval(timer);
  }, [any]);
  return mine
    .filter(([, recording]) => isFresh(recording, Math.max(now, recording.heardAt)))
    .map(([userId, recording]) => <RecordingClip key={userId} {...props} recording={recording} />);
}
