import type { BeatDetail } from '@beatroom/shared/beats-contract';
import type { ReactNode } from 'react';

/** What the Manage Beat dialog gets from the page. */
export interface ManageBeatSlotProps {
  beat: BeatDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The beat is gone: the page has nothing left to show and leaves. */
  onDeleted: () => void;
}

/**
 * The parts of the beat page that other features own, composed in by app/ (the page does not
 * import them): the player, buying and downloading, favourites, reviews, the producer's badges,
 * Manage Beat and Promote.
 */
export interface BeatPageSlots {
  /** The producer's badges beside their name (profile). */
  producerBadges: (userId: string) => ReactNode;
  /** The average rating beside the play and download counts (reviews). */
  ratingSummary: (beat: BeatDetail) => ReactNode;
  /** Rate Beat among the page's actions (reviews). */
  rateButton: (beat: BeatDetail) => ReactNode;
  /** Favorite / Favorited among the page's actions (catalogue). */
  favoriteButton: (beat: BeatDetail) => ReactNode;
  /** The beat's player, with the page's buy / download action at its end (player). */
  player: (beat: BeatDetail, purchase: ReactNode) => ReactNode;
  /**
   * The button showing Free, the price or Download, which buys or downloads
   * (purchase): it goes at the end of the player.
   */
  priceButton: (beat: BeatDetail) => ReactNode;
  /** Licensing: each licence on offer, its price, files and terms (purchase). */
  licensing: (beat: BeatDetail) => ReactNode;
  /** Reviews & Ratings (reviews). */
  reviews: (beat: BeatDetail) => ReactNode;
  /** The owner's Manage Beat dialog (upload). */
  manageBeat: (props: ManageBeatSlotProps) => ReactNode;
  /** The owner's Promote, which opens Promote Your Beat (promotions). */
  promoteButton: (beat: BeatDetail) => ReactNode;
  /** Report, for anyone but the producer (moderation reports). */
  reportButton?: (beat: BeatDetail) => ReactNode;
}
