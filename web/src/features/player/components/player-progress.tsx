import { formatDuration } from '@beatroom/shared/format-numbers';
import type { QueueEntry } from '@beatroom/shared/player-state';
import { useQuery } from '@tanstack/react-query';
import { WaveformSeekBar } from '../../../components/ui/waveform-seek-bar';
import { waveformQueryOptions } from '../api';
import { usePlayerStore } from '../store/player-store';

/** The full bar's times and the beat's waveform to seek on. */
export function SeekRow({ beat }: { beat: QueueEntry }) {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const seek = usePlayerStore((state) => state.seek);
  const waveform = useQuery(waveformQueryOptions(beat.id));
  const total = duration || beat.duration_seconds || 0;

  return (
    <div className="flex w-full items-center gap-2 text-xs text-muted numeric">
      <span role="timer" aria-label="Current time" className="w-10 shrink-0 text-right">
        {formatDuration(currentTime)}
      </span>
      <WaveformSeekBar
        peaks={waveform.data?.peaks}
        currentTime={currentTime}
        duration={total}
        onSeek={seek}
        label="Seek"
        className="h-8 flex-1"
      />
      <span role="timer" aria-label="Total time" className="w-10 shrink-0">
        {formatDuration(total)}
      </span>
    </div>
  );
}

/** The mini bar's progress line along its top edge. */
export function MiniProgress() {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <div aria-hidden="true" className="h-0.5 bg-fg/10">
      <div className="h-full bg-accent" style={{ width: `${progress}%` }} />
    </div>
  );
}

/** The mini bar's "elapsed / total" (from small screens up). */
export function MiniTime({ beat }: { beat: QueueEntry }) {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  return (
    <span className="hidden text-xs text-muted numeric sm:inline">
      {formatDuration(currentTime)} / {formatDuration(duration || beat.duration_seconds)}
    </span>
  );
}
