// The card contract's type, named apart from the BeatCard component below.
import type { BeatCard as CardBeat } from '@beatroom/shared/beat-list-contract';
import type { Currency } from '@beatroom/shared/money-constants';
import { formatPriceIn } from '@beatroom/shared/format-money';
import { Download, Headphones, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CoverArt, FeaturedBadge } from '../../../components/ui/cover-art';
import { IconCount } from '../../../components/ui/icon-count';
import { storedImage } from '../../../lib/stored-file';
import { LikeButton } from './like-button';

/**
 * The play control of a card, from the player (app/ composes it in): the catalogue does not
 * import the player. It sits in the cover's corner; a control carrying `data-current` marks the
 * card of the beat the player holds.
 */
export type RenderPlayButton = (
  beat: CardBeat,
  placement?: 'card' | 'row',
  /** The beats of the list the control sits in: playing queues the list from this beat on. */
  list?: readonly CardBeat[],
) => ReactNode;

/** "Play next" and "Add to queue" for a card or row, from the player (composed in by app/). */
export type RenderQueueMenu = (beat: CardBeat) => ReactNode;

/**
 * The price of a card or row as a button that starts buying (purchase, composed in by app/):
 * the price opens the purchase dialog, Free downloads, the owner's own beat says Download.
 * Without it the price is only shown.
 */
export type RenderPriceButton = (beat: CardBeat, placement: 'card' | 'row') => ReactNode;

/** A preview the server has not made (yet): nothing to play, so the beat says so instead. */
export function previewLabel(beat: CardBeat): string | null {
  if (beat.preview_status === 'ready') return null;
  return beat.preview_status === 'failed' ? 'No preview' : 'Processing';
}

/** "Processing" (or "No preview") where the play button would be. */
export function PreviewPending({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur ${className}`}
    >
      {label === 'Processing' ? (
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
      ) : null}
      {label}
    </span>
  );
}

/** The price as plain text, where no button is composed in. */
export function PriceText({ beat, currency }: { beat: CardBeat; currency: Currency }) {
  const price = formatPriceIn(beat.is_free ? 0 : beat.price_cents, currency);
  return (
    <span
      className={`shrink-0 text-sm font-bold numeric ${price === 'Free' ? 'text-emerald-400' : 'text-amber-300'}`}
    >
      {price}
    </span>
  );
}

/**
 * One beat of the grid. It fills its cell (w-full): a grid cell
 * that is a flex row would otherwise size it to its content, and a lazy cover that has not
 * loaded yet has none.
 */
export function BeatCard({
  beat,
  currency,
  renderPlayButton,
  renderPriceButton,
  renderQueueMenu,
  priority = false,
}: {
  beat: CardBeat;
  currency: Currency;
  /** Its cover is one of the page's main images (BeatListProps.priorityCovers). */
  priority?: boolean;
  renderPlayButton: RenderPlayButton;
  renderPriceButton?: RenderPriceButton;
  renderQueueMenu?: RenderQueueMenu;
}) {
  const titleId = `beat-card-${beat.id}`;
  const pending = previewLabel(beat);

  return (
    <article
      aria-labelledby={titleId}
      className="group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface/70 shadow-lg shadow-black/20 transition-colors hover:border-accent/50 has-[[data-current]]:border-accent/60"
    >
      <div className="relative aspect-square overflow-hidden">
        {/* A second way in for the pointer; keyboard users reach the title link. */}
        <Link to={`/beat/${beat.id}`} tabIndex={-1}>
          <CoverArt
            src={storedImage(beat.cover_image_key)}
            // The grid's columns (GRID_CLASSES) inside the page's padding.
            sizes="(min-width: 1280px) 22vw, (min-width: 768px) 30vw, 46vw"
            title={beat.title}
            priority={priority}
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
        {pending ? (
          <PreviewPending label={pending} className="absolute right-2 bottom-2 sm:right-2.5 sm:bottom-2.5" />
        ) : (
          renderPlayButton(beat, 'card')
        )}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-0.5 p-2.5 sm:gap-1 sm:p-3">
        {/* The price sits beside the title when there is room, under it on a narrow card. */}
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <h3 id={titleId} className="max-w-full min-w-0 truncate text-sm font-semibold sm:text-base">
            <Link to={`/beat/${beat.id}`} className="hover:underline">
              {beat.title}
            </Link>
          </h3>
          {renderPriceButton ? (
            renderPriceButton(beat, 'card')
          ) : (
            <PriceText beat={beat} currency={currency} />
          )}
        </div>
        <div className="flex min-w-0 items-center justify-between gap-1">
          <Link
            to={`/profile/${beat.user_id}`}
            // At least 24 px tall: a touch target (WCAG 2.5.8) under the title's.
            className="min-h-6 min-w-0 truncate py-0.5 text-xs text-muted hover:text-fg hover:underline sm:text-sm"
          >
            {beat.producer_name}
          </Link>
          {pending ? null : renderQueueMenu?.(beat)}
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2 text-xs text-muted">
          <span className="max-w-full truncate rounded-full bg-fg/10 px-2 py-0.5 font-medium text-fg/80">
            {beat.genre}
          </span>
          <span className="flex shrink-0 items-center gap-2.5 numeric">
            <IconCount Icon={Headphones} label="Plays" value={beat.play_count} />
            <IconCount Icon={Download} label="Downloads" value={beat.download_count} />
          </span>
        </div>
      </div>
    </article>
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
