import { Suspense } from 'react';
import type {
  RenderPlayButton,
  RenderPriceButton,
  RenderQueueMenu,
} from '../features/catalogue/components/beat-card';
import { PlayButton } from '../features/player/components/play-button';
import { AddToCartButton } from '../features/cart/components/add-to-cart-button';
import { BeatPriceButton } from '../features/purchase/components/beat-price-button';
import { MountedOnceOpen } from '../components/ui/mounted-once-open';
import { lazyPage } from './lazy-page';
import type { ManageBeatDialogProps } from './manage-beat-dialog';

// Secondary to Play and the price: it joins the cards a moment after them, outside the first load.
const QueueMenuButton = lazyPage(
  () => import('../features/player/components/queue-menu-button'),
  'QueueMenuButton',
);
const ManageBeatDialogContent = lazyPage(() => import('./manage-beat-dialog'), 'ManageBeatDialogContent');

// Pieces app/ hands to more than one feature's screens through their slots.

/**
 * A beat card's (or track-list row's) Play / Pause, from the player: played from a list, the
 * queue becomes that list from this beat on.
 */
export const renderCardPlayButton: RenderPlayButton = (beat, placement = 'card', list) => (
  <PlayButton beat={beat} variant={placement} list={list} />
);

/** A card's or row's Play next / Add to queue menu, from the player. */
export const renderCardQueueMenu: RenderQueueMenu = (beat) => (
  <Suspense fallback={null}>
    <QueueMenuButton beat={beat} />
  </Suspense>
);

/**
 * A card's or row's price, from purchase (it opens the purchase dialog, or downloads), and Add to
 * cart beside it.
 */
export const renderCardPriceButton: RenderPriceButton = (beat, placement) => (
  <>
    <BeatPriceButton beat={beat} variant={placement} />
    <AddToCartButton beat={beat} variant={placement} />
  </>
);

/**
 * Manage Beat (upload) wherever a beat's owner sees it: a save or a delete refreshes every
 * other view of the beat (useBeatChanges); `onDeleted` is the caller's own next step. It shows
 * the beat's promotions and opens Promote Your Beat (promotions). Its form and dialog load
 * the first time it opens (only owners ever open it).
 */
export function ManageBeatDialog(props: ManageBeatDialogProps) {
  return (
    <MountedOnceOpen open={props.open}>
      <ManageBeatDialogContent {...props} />
    </MountedOnceOpen>
  );
}
