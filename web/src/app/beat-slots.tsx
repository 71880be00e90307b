import type { Beat } from '@beatroom/shared/beats-contract';
import type { RenderPlayButton, RenderPriceButton } from '../features/catalogue/components/beat-card';
import { PlayButton } from '../features/player/components/play-button';
import { BeatPromotionsPanel } from '../features/promotions/components/beat-promotions-panel';
import { BeatPriceButton } from '../features/purchase/components/beat-price-button';
import { EditBeatModal } from '../features/upload/components/edit-beat-modal';
import { useBeatChanges } from './beat-changes';

// Pieces app/ hands to more than one feature's screens through their slots.

/** A beat card's (or track-list row's) Play / Pause, from the player. */
export const renderCardPlayButton: RenderPlayButton = (beat, placement = 'card') => (
  <PlayButton beat={beat} variant={placement} />
);

/** A card's or row's price, from purchase: it opens the purchase dialog, or downloads. */
export const renderCardPriceButton: RenderPriceButton = (beat, placement) => (
  <BeatPriceButton beat={beat} variant={placement} />
);

/**
 * Manage Beat (upload) wherever a beat's owner sees it: a save or a delete refreshes every
 * other view of the beat (useBeatChanges); `onDeleted` is the caller's own next step. It shows
 * the beat's promotions and opens Promote Your Beat (promotions).
 */
export function ManageBeatDialog({
  beat,
  open,
  onOpenChange,
  onSaved,
  onDeleted,
}: {
  beat: Beat;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: () => void;
  onDeleted: () => void;
}) {
  const changes = useBeatChanges();
  return (
    <EditBeatModal
      beat={beat}
      open={open}
      onOpenChange={onOpenChange}
      onSaved={(saved) => {
        changes.saved(saved);
        onSaved?.();
      }}
      onDeleted={(deleted) => {
        onDeleted();
        changes.deleted(deleted);
      }}
      promotions={(current) => <BeatPromotionsPanel beat={current} />}
    />
  );
}
