import type { Beat } from '@beatroom/shared/beats-contract';
import type { ReactNode } from 'react';

/** What Manage Beat gets from My Uploads. */
export interface ManageUploadSlotProps {
  beat: Beat;
  onClose: () => void;
  /** After a save or a delete: this user's lists and counts are fetched again. */
  onChanged: () => void;
}

/**
 * The parts of the profile page that other features own, composed in by app/ (the profile does
 * not import them): the catalogue's beat cards, the owner's Manage Beat dialog and credits.
 */
export interface ProfilePageSlots {
  /** A list of the user's beats as the catalogue's cards (with the player's Play button). */
  beatGrid: (beats: readonly Beat[], label: string) => ReactNode;
  /** That grid's shape while the list loads. */
  beatGridSkeleton: () => ReactNode;
  /** Manage Beat for one of the owner's uploads (upload). */
  manageBeat: (props: ManageUploadSlotProps) => ReactNode;
  /** The owner's Promote beside one of their uploads (promotions). */
  promoteButton: (beat: Beat) => ReactNode;
  /** The owner's own credits: balance, Buy More, transactions (credits; ?tab=credits). */
  credits: (userId: string) => ReactNode;
  /** The producer's "buy N get M free" deal, when they have one (coupons). */
  deal?: (userId: string) => ReactNode;
  /** Report a profile, for other viewers (moderation reports). */
  reportButton?: (userId: string) => ReactNode;
}
