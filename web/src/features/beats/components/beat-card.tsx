import type { Beat } from '@beatroom/shared/beats-contract';
import type { Currency } from '@beatroom/shared/constants';
import { formatNumber, formatPriceIn } from '@beatroom/shared/format';
import { Download, Headphones, Pause, Play } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useBeatPlayback } from '../../player/hooks/use-beat-playback';
import { BeatCover, FeaturedBadge } from './beat-cover';
import { LikeButton } from './like-button';

/**
 * One beat of the grid (platform.md §2 "Beat card"). It fills its cell (w-full): a grid cell
 * that is a flex row would otherwise size it to its content, and a lazy cover that has not
 * loaded yet has none.
 */
export function BeatCard({ beat, currency }: { beat: Beat; currency: Currency }) {
  const { isPlaying, isCurrent, toggle } = useBeatPlayback(beat.id);
  const price = formatPriceIn(beat.is_free ? 0 : beat.price_cents, currency);
  const titleId = `beat-card-${beat.id}`;

  return (
    <article
      aria-labelledby={titleId}
      className={`group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border bg-surface/70 shadow-lg shadow-black/20 transition-colors hover:border-accent/50 ${
        isCurrent ? 'border-accent/60' : 'border-line'
      }`}
    >
      <div className="relative aspect-square overflow-hidden">
        {/* A second way in for the pointer; keyboard users reach the title link. */}
        <Link to={`/beat/${beat.id}`} tabIndex={-1}>
          <BeatCover
            beat={beat}
            className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
            initialClassName="text-6xl"
          />
        </Link>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-linear-to-t from-black/60 to-transparent"
        />
        {beat.is_featured ? <FeaturedBadge className="absolute top-2 left-2 sm:top-2.5 sm:left-2.5" /> : null}
        <div className="absolute top-2 right-2">
          <LikeButton beat={beat} />
        </div>
        <button
          type="button"
          onClick={() => toggle(beat)}
          aria-label={`${isPlaying ? 'Pause' : 'Play'} ${beat.title}`}
          className={`absolute right-2 bottom-2 inline-flex size-10 items-center sm:right-2.5 sm:bottom-2.5 sm:size-12 justify-center rounded-full bg-accent text-accent-fg shadow-xl shadow-black/40 transition hover:scale-105 hover:bg-accent-hover ${
            isPlaying
              ? ''
              : 'sm:translate-y-1 sm:opacity-90 sm:group-hover:translate-y-0 sm:group-hover:opacity-100'
          }`}
        >
          {isPlaying ? (
            <Pause aria-hidden="true" className="size-5 fill-current" />
          ) : (
            <Play aria-hidden="true" className="ml-0.5 size-5 fill-current" />
          )}
        </button>
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-0.5 p-2.5 sm:gap-1 sm:p-3">
        {/* The price sits beside the title when there is room, under it on a narrow card. */}
        <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2">
          <h3 id={titleId} className="max-w-full min-w-0 truncate text-sm font-semibold sm:text-base">
            <Link to={`/beat/${beat.id}`} className="hover:underline">
              {beat.title}
            </Link>
          </h3>
          <span
            className={`shrink-0 text-sm font-bold numeric ${price === 'Free' ? 'text-emerald-400' : 'text-amber-300'}`}
          >
            {price}
          </span>
        </div>
        <Link
          to={`/profile/${beat.user_id}`}
          className="min-w-0 truncate text-xs text-muted hover:text-fg hover:underline sm:text-sm"
        >
          {beat.producer_name}
        </Link>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2 text-xs text-muted">
          <span className="max-w-full truncate rounded-full bg-fg/10 px-2 py-0.5 font-medium text-fg/80">
            {beat.genre}
          </span>
          <span className="flex shrink-0 items-center gap-2.5 numeric">
            <BeatCounts beat={beat} />
          </span>
        </div>
      </div>
    </article>
  );
}

/** A beat's play and download counts, each with its icon and a label for screen readers. */
export function BeatCounts({ beat }: { beat: Pick<Beat, 'play_count' | 'download_count'> }) {
  return (
    <>
      <span className="inline-flex items-center gap-1" title="Plays">
        <Headphones aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Plays: </span>
        {formatNumber(beat.play_count)}
      </span>
      <span className="inline-flex items-center gap-1" title="Downloads">
        <Download aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Downloads: </span>
        {formatNumber(beat.download_count)}
      </span>
    </>
  );
}

/** The shape of a card while the grid loads. */
export function BeatCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface/70"
    >
      <div className="aspect-square animate-pulse bg-fg/10" />
      <div className="flex flex-col gap-2 p-3">
        <div className="flex justify-between gap-3">
          <div className="h-4 w-2/3 animate-pulse rounded bg-fg/10" />
          <div className="h-4 w-12 animate-pulse rounded bg-fg/10" />
        </div>
        <div className="h-3.5 w-1/2 animate-pulse rounded bg-fg/10" />
        <div className="mt-2 flex justify-between">
          <div className="h-4 w-14 animate-pulse rounded-full bg-fg/10" />
          <div className="h-4 w-20 animate-pulse rounded bg-fg/10" />
        </div>
      </div>
    </div>
  );
}
