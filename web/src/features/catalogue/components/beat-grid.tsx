import type { BeatCard as CardBeat } from '@beatroom/shared/beat-list-contract';
import { UI } from '@beatroom/shared/limits';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import {
  BeatCard,
  BeatCardSkeleton,
  type RenderPlayButton,
  type RenderPriceButton,
  type RenderQueueMenu,
} from './beat-card';

/** Four cards on a wide screen (UI.GRID_COLUMNS), fewer on narrow ones, two on a phone. */
export const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4';

/** What both views of a list of beats take: the grid here and the track list. */
export interface BeatListProps {
  beats: readonly CardBeat[];
  label: string;
  renderPlayButton: RenderPlayButton;
  /** The price as a buy / download button (purchase, through app/); plain text without it. */
  renderPriceButton?: RenderPriceButton;
  /** Play next / Add to queue on each card or row (the player, through app/); none without it. */
  renderQueueMenu?: RenderQueueMenu;
  /** Shown dimmed while newer results load in its place. */
  busy?: boolean;
  /**
   * How many of the first covers are the page's main images (fetched at once, at high
   * priority): where the list opens the first screen, its first cover is the largest paint,
   * and a lazy one waits until layout has placed it.
   */
  priorityCovers?: number;
}

/** A grid of beat cards, prices in the viewer's currency. */
export function BeatGrid({
  beats,
  label,
  renderPlayButton,
  renderPriceButton,
  renderQueueMenu,
  busy = false,
  priorityCovers = 0,
}: BeatListProps) {
  const currency = usePreferredCurrency();
  // Played from here, a beat queues this list from it on.
  const renderInList: RenderPlayButton = (beat, placement) => renderPlayButton(beat, placement, beats);
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={`${GRID_CLASSES} transition-opacity ${busy ? 'opacity-60' : ''}`}
    >
      {/* Cards out of view skip style, layout and paint until they scroll near (a phone shows
          four of a page's 48): most of the work after a page arrives. Their size until then is
          a card's, remembered once drawn, so the scrollbar barely moves. */}
      {beats.map((beat, index) => (
        <li
          key={beat.id}
          className="flex min-w-0 [contain-intrinsic-size:auto_20rem] [content-visibility:auto]"
        >
          <BeatCard
            beat={beat}
            currency={currency}
            priority={index < priorityCovers}
            renderPlayButton={renderInList}
            renderPriceButton={renderPriceButton}
            renderQueueMenu={renderQueueMenu}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's shape while it loads. */
export function BeatGridSkeleton({ count = UI.SKELETON_CARDS }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading beats" className={GRID_CLASSES}>
      {Array.from({ length: count }, (_, index) => (
        <BeatCardSkeleton key={index} />
      ))}
    </div>
  );
}
