import { lazy, Suspense } from 'react';
import { MountedOnceOpen } from '../../components/ui/mounted-once-open';
import { useInvoicesDialog } from '../../features/invoices/store/invoices-dialog-store';
import { usePlayerStore } from '../../features/player/store/player-store';
import type { RenderCartButton, RenderDownloadButton } from '../../features/player/components/player-bar';
import type { DownloadBeatButton as DownloadBeatButtonType } from '../../features/purchase/components/download-beat-button';
import { usePurchaseDialog } from '../../features/purchase/store/purchase-dialog-store';
import { useSession } from '../../features/session/hooks/use-session';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { lazyPage } from '../lazy-page';

// The layout's parts that a first visit does not show: each loads the first time it is needed
// (a dialog opened, a beat playing, a user signed in), keeping Radix dialogs, dnd-kit and the
// account's code out of the first load.
const PurchaseDialog = lazyPage(
  () => import('../../features/purchase/components/purchase-dialog'),
  'PurchaseDialog',
);
const SignInDialog = lazyPage(() => import('../../features/auth/components/sign-in-dialog'), 'SignInDialog');
const InvoicesDialog = lazyPage(
  () => import('../../features/invoices/components/invoices-dialog'),
  'InvoicesDialog',
);
const MoneyDialogs = lazyPage(() => import('../money-dialogs'), 'MoneyDialogs');
const AppRealtime = lazyPage(() => import('../realtime/app-realtime'), 'AppRealtime');
const DownloadBeatButton = lazyPage(
  () => import('../../features/purchase/components/download-beat-button'),
  'DownloadBeatButton',
);
const PlayerCartButton = lazyPage(() => import('../player-cart-button'), 'PlayerCartButton');
const PlayerBar = lazy(() =>
  import('../../features/player/components/player-bar').then((m) => ({ default: m.PlayerBar })),
);

export function LazyPurchaseDialog() {
  return (
    <MountedOnceOpen open={usePurchaseDialog((state) => state.beat !== null)}>
      <PurchaseDialog />
    </MountedOnceOpen>
  );
}

export function LazySignInDialog() {
  return (
    <MountedOnceOpen open={useSignInDialog((state) => state.isOpen)}>
      <SignInDialog />
    </MountedOnceOpen>
  );
}

export function LazyInvoicesDialog() {
  return (
    <MountedOnceOpen open={useInvoicesDialog((state) => state.isOpen)}>
      <InvoicesDialog />
    </MountedOnceOpen>
  );
}

/** Everything only a signed-in user has: the account's dialogs and the realtime connection. */
export function LazyMemberParts() {
  const { user } = useSession();
  return (
    <MountedOnceOpen open={user !== null}>
      <MoneyDialogs />
      <AppRealtime />
    </MountedOnceOpen>
  );
}

/** The player bar, from the moment the queue holds something (a returning visitor's restored queue too). */
export function LazyPlayerBar(props: {
  renderDownloadButton: RenderDownloadButton;
  renderCartButton: RenderCartButton;
}) {
  const shown = usePlayerStore((state) => state.showPlayer && state.currentBeat !== null);
  return (
    <MountedOnceOpen open={shown}>
      <PlayerBar {...props} />
    </MountedOnceOpen>
  );
}

/** The player bar's Download button (it loads with the bar). */
export function LazyDownloadBeatButton(props: Parameters<typeof DownloadBeatButtonType>[0]) {
  return (
    <Suspense fallback={null}>
      <DownloadBeatButton {...props} />
    </Suspense>
  );
}

/** The player bar's Add to cart (it loads with the bar, keeping the beat's contract out of the first load). */
export function LazyPlayerCartButton(props: { beat: Parameters<RenderCartButton>[0] }) {
  return (
    <Suspense fallback={null}>
      <PlayerCartButton {...props} />
    </Suspense>
  );
}
