import type { PreviewStatus, WaveformPeaks } from '@beatroom/shared/beats-contract';
import { formatDuration } from '@beatroom/shared/format-numbers';
import type { PlayerBeat } from '@beatroom/shared/player-state';
import type { ReactNode } from 'react';
import { WaveformSeekBar } from '../../../components/ui/waveform-seek-bar';
import { seekBeat, useBeatPlayback, useBeatProgress } from '../hooks/use-beat-playback';
import { PlayButton } from './play-button';
import { VolumeControl } from './volume-control';

/**
 * A beat's own player (the beat page): play/pause through the app's one player, the waveform
 * seek bar, current and total time, the volume, and the page's actions for the beat (`children`:
 * buy, download) at the end of the row.
 */
export function BeatPlayerPanel({
  beat,
  children,
}: {
  beat: PlayerBeat & { peaks: WaveformPeaks | null; preview_status?: PreviewStatus };
  children?: ReactNode;
}) {
  const { isCurrent } = useBeatPlayback(beat.id);
  const progress = useBeatProgress(beat.id);
  const total = (isCurrent && progress.duration) || beat.duration_seconds || 0;

  return (
    <section aria-label="Beat player" className="rounded-3xl border border-line bg-surface/60 p-4 sm:p-6">
      <div className="flex items-center gap-3 sm:gap-5">
        <PlayButton beat={beat} variant="page" />
        <WaveformSeekBar
          peaks={beat.peaks}
          currentTime={progress.currentTime}
          duration={total}
          onSeek={(time) => seekBeat(beat, time)}
          // Seeking would start a beat that has no preview to stream yet.
          disabled={beat.preview_status !== undefined && beat.preview_status !== 'ready'}
          label={`Seek in ${beat.title}`}
          className="h-16 min-w-0 flex-1"
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-muted numeric">
          <span role="timer" aria-label="Current time">
            {formatDuration(progress.currentTime)}
          </span>
          {' / '}
          <span role="timer" aria-label="Total time">
            {formatDuration(total)}
          </span>
        </span>
        <VolumeControl />
        {children}
      </div>
    </section>
  );
}
