import type { BeatCard } from '@beatroom/shared/beat-list-contract';
import { formatDuration } from '@beatroom/shared/format-numbers';
import { UI } from '@beatroom/shared/limits';
import { LoaderCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CoverArt, FeaturedBadge } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import {
  previewLabel,
  PriceText,
  type RenderPlayButton,
  type RenderPriceButton,
  type RenderQueueMenu,
} from './beat-card';
import type { BeatListProps } from './beat-grid';
import { LikeButton } from './like-button';

// The list is one grid and every row a subgrid of it, so the columns line up down the list and
// the last one (like, price, Add to cart, queue menu) is as wide as its widest row: a longer
// price or a label of another language widens the column instead of running over Time. Cells
// that do not fit drop out as the list narrows (display: none leaves the grid): tags, then BPM
// and key, then the duration, and on a phone the actions go under the title. The list's own
// width decides (container queries), not the window's: beside home's Live Activity panel a wide
// window still has a narrow list.
const COLUMNS =
  'grid-cols-[2.25rem_2.75rem_minmax(0,1fr)] @xl:grid-cols-[2.25rem_3rem_minmax(0,1fr)_3rem_auto] @3xl:grid-cols-[2.25rem_3rem_minmax(0,1fr)_3.5rem_3rem_3rem_auto] @5xl:grid-cols-[2.25rem_3rem_minmax(0,1fr)_13rem_3.5rem_3rem_3rem_auto]';
/** A row (or the header) taking the list's columns. */
const ROW = 'col-span-full grid grid-cols-subgrid items-center';

function Tag({ children }: { children: string }) {
  return (
    <span className="max-w-full truncate rounded-full bg-fg/10 px-2 py-0.5 text-xs font-medium text-fg/80">
      {children}
    </span>
  );
}

function TrackRow({
  beat,
  renderPlayButton,
  renderPriceButton,
  renderQueueMenu,
}: {
  beat: BeatCard;
  renderPlayButton: RenderPlayButton;
  renderPriceButton?: RenderPriceButton;
  renderQueueMenu?: RenderQueueMenu;
}) {
  const currency = usePreferredCurrency();
  const titleId = `beat-row-${beat.id}`;
  const pending = previewLabel(beat);
  return (
    <article
      aria-labelledby={titleId}
      className={`${ROW} gap-y-1 rounded-xl px-2 py-2 transition-colors hover:bg-fg/5 has-[[data-current]]:bg-accent/10`}
    >
      {/* No preview, nothing to play: the row says why beside the producer. */}
      <div className="row-span-2 flex justify-center @xl:row-span-1">
        {!pending ? (
          renderPlayButton(beat, 'row')
        ) : pending === 'Processing' ? (
          <LoaderCircle
            aria-hidden="true"
            className="size-4 animate-spin text-muted motion-reduce:animate-none"
          />
        ) : null}
      </div>
      <Link to={`/beat/${beat.id}`} tabIndex={-1} className="row-span-2 @xl:row-span-1">
        <CoverArt
          src={storedImage(beat.cover_image_key)}
          sizes="3rem"
          title={beat.title}
          className="aspect-square w-full rounded-lg"
          initialClassName="text-lg"
        />
      </Link>
      <div className="min-w-0">
        <h3 id={titleId} className="truncate text-sm font-semibold">
          <Link to={`/beat/${beat.id}`} className="hover:underline">
            {beat.title}
          </Link>
        </h3>
        <p className="flex min-w-0 items-center gap-2 text-xs text-muted">
          <Link to={`/profile/${beat.user_id}`} className="truncate hover:text-fg hover:underline">
            {beat.producer_name}
          </Link>
          {pending ? <span className="shrink-0 font-semibold text-amber-300">{pending}</span> : null}
          {beat.is_featured ? <FeaturedBadge className="shrink-0" /> : null}
        </p>
      </div>
      <div className="hidden min-w-0 flex-wrap gap-1 @5xl:flex">
        <Tag>{beat.genre}</Tag>
        {beat.mood ? <Tag>{beat.mood}</Tag> : null}
      </div>
      <span className="hidden text-sm text-muted numeric @3xl:block">
        <span className="sr-only">BPM </span>
        {beat.bpm ?? '—'}
      </span>
      <span className="hidden text-sm text-muted @3xl:block">
        <span className="sr-only">Key </span>
        {beat.key_signature ?? '—'}
      </span>
      <span className="hidden text-sm text-muted numeric @xl:block">
        <span className="sr-only">Duration </span>
        {formatDuration(beat.duration_seconds)}
      </span>
      <div className="col-start-3 flex items-center gap-1 @xl:col-start-auto @xl:justify-end">
        <LikeButton beat={beat} variant="row" />
        {renderPriceButton ? renderPriceButton(beat, 'row') : <PriceText beat={beat} currency={currency} />}
        {pending ? null : renderQueueMenu?.(beat)}
      </div>
    </article>
  );
}

/** The column names above the rows, for the eye (each cell also names itself to a reader). */
function ListHeader() {
  return (
    <div
      aria-hidden="true"
      className={`${ROW} hidden border-b border-line px-2 pb-2 text-xs font-semibold tracking-wide text-muted uppercase @xl:grid`}
    >
      <span />
      <span />
      <span>Title</span>
      <span className="hidden @5xl:block">Tags</span>
      <span className="hidden @3xl:block">BPM</span>
      <span className="hidden @3xl:block">Key</span>
      <span>Time</span>
      <span className="text-right">Price</span>
    </div>
  );
}

/**
 * The catalogue as a dense track list (BeatStars-style rows): play, cover, title and producer,
 * tags, BPM, key, duration and the price button, the same beats as the grid.
 */
export function BeatTrackList({
  beats,
  label,
  renderPlayButton,
  renderPriceButton,
  renderQueueMenu,
  busy = false,
}: BeatListProps) {
  // Played from here, a beat queues this list from it on.
  const renderInList: RenderPlayButton = (beat, placement) => renderPlayButton(beat, placement, beats);
  return (
    <div className="@container">
      <div className={`grid ${COLUMNS} gap-x-3 gap-y-1 transition-opacity ${busy ? 'opacity-60' : ''}`}>
        <ListHeader />
        <ul aria-label={label} aria-busy={busy || undefined} className={`${ROW} gap-y-0`}>
          {beats.map((beat) => (
            <li key={beat.id} className={`${ROW} min-w-0`}>
              <TrackRow
                beat={beat}
                renderPlayButton={renderInList}
                renderPriceButton={renderPriceButton}
                renderQueueMenu={renderQueueMenu}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The list's shape while it loads. */
export function BeatTrackListSkeleton({ count = UI.SKELETON_ROWS }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading beats" className="@container flex flex-col gap-1">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`grid ${COLUMNS} items-center gap-x-3 px-2 py-2`}>
          <div className="mx-auto size-8 animate-pulse rounded-full bg-fg/10" />
          <div className="aspect-square animate-pulse rounded-lg bg-fg/10" />
          <div className="flex flex-col gap-1.5">
            <div className="h-3.5 w-1/2 animate-pulse rounded bg-fg/10" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-fg/10" />
          </div>
          <div className="h-8 w-20 animate-pulse rounded-full bg-fg/10 @max-xl:hidden @xl:ml-auto @xl:[grid-column:-2/-1]" />
        </div>
      ))}
    </div>
  );
}
