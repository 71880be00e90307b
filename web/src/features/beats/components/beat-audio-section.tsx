import type { BeatDetail } from '@beatroom/shared/beats-contract';
import type { Currency } from '@beatroom/shared/constants';
import { formatDuration, formatPriceIn } from '@beatroom/shared/format';
import { Download, Pause, Play, ShoppingCart } from 'lucide-react';
import { WaveformSeekBar } from '../../../components/ui/waveform-seek-bar';
import { VolumeControl } from '../../player/components/volume-control';
import { seekBeat, useBeatPlayback, useBeatProgress } from '../../player/hooks/use-beat-playback';

/** What the buy button says: Download for what one may already have, else Free or the price. */
export function purchaseLabel(beat: BeatDetail, currency: Currency, isOwner: boolean): string {
  if (isOwner) return 'Download';
  return formatPriceIn(beat.is_free ? 0 : beat.price_cents, currency);
}

/**
 * The beat page's player: play/pause through the app's one player, the waveform seek bar,
 * the volume, current and total time, and the Free / price / Download button.
 */
export function BeatAudioSection({
  beat,
  currency,
  isOwner,
}: {
  beat: BeatDetail;
  currency: Currency;
  isOwner: boolean;
}) {
  const { isPlaying, isCurrent, toggle } = useBeatPlayback(beat.id);
  const progress = useBeatProgress(beat.id);
  const total = (isCurrent && progress.duration) || beat.duration_seconds || 0;
  const label = purchaseLabel(beat, currency, isOwner);
  const PurchaseIcon = label === 'Download' || label === 'Free' ? Download : ShoppingCart;

  return (
    <section aria-label="Beat player" className="rounded-3xl border border-line bg-surface/60 p-4 sm:p-6">
      <div className="flex items-center gap-3 sm:gap-5">
        <button
          type="button"
          onClick={() => toggle(beat)}
          aria-label={isPlaying ? `Pause ${beat.title}` : `Play ${beat.title}`}
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg shadow-xl shadow-accent/30 transition hover:scale-105 hover:bg-accent-hover"
        >
          {isPlaying ? (
            <Pause aria-hidden="true" className="size-6 fill-current" />
          ) : (
            <Play aria-hidden="true" className="ml-1 size-6 fill-current" />
          )}
        </button>
        <WaveformSeekBar
          peaks={beat.peaks}
          currentTime={progress.currentTime}
          duration={total}
          onSeek={(time) => seekBeat(beat, time)}
          label={`Seek in ${beat.title}`}
          className="h-16 min-w-0 flex-1"
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-muted numeric">
          <span aria-label="Current time">{formatDuration(progress.currentTime)}</span>
          {' / '}
          <span aria-label="Total time">{formatDuration(total)}</span>
        </span>
        <VolumeControl />
        <div className="flex flex-col items-end gap-1">
          {/* Checkout and downloads belong to the money features; nothing is sold or faked here. */}
          <button
            type="button"
            disabled
            aria-describedby={`purchase-note-${beat.id}`}
            className="inline-flex h-10 cursor-not-allowed items-center gap-2 rounded-full bg-emerald-500/90 px-5 text-sm font-bold text-black opacity-70 numeric"
          >
            <PurchaseIcon aria-hidden="true" className="size-4" />
            {label}
          </button>
          <span id={`purchase-note-${beat.id}`} className="text-xs text-muted">
            Licences and downloads open soon
          </span>
        </div>
      </div>
    </section>
  );
}
