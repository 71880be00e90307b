import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog';
import { InvoicesDialog } from '../../features/invoices/components/invoices-dialog';
import { AudioEngine } from '../../features/player/components/audio-engine';
import { PlayerBar } from '../../features/player/components/player-bar';
import { PlayerSettingsSync } from '../../features/player/components/player-settings-sync';
import { DownloadBeatButton } from '../../features/purchase/components/download-beat-button';
import { PurchaseDialog } from '../../features/purchase/components/purchase-dialog';
import { MoneyDialogs } from '../money-dialogs';
import { useDefaultDocumentHead } from '../../lib/document-head';
import { AppRealtime } from '../realtime/app-realtime';
import { Header } from './header';

export function RootLayout() {
  // Each page starts from the site's title; beat and profile pages then name themselves.
  useDefaultDocumentHead(useLocation().pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Off screen until focused: the first Tab offers a jump past the header. */}
      <a
        href="#main-content"
        className="fixed top-3 left-3 z-[70] -translate-y-24 rounded-full bg-accent px-4 py-2 text-sm font-medium text-accent-fg shadow-lg transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>
      <Header />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        <Outlet />
      </main>
      {/* The player outlives every page: one audio element, the bar on every screen. */}
      <AudioEngine />
      <PlayerSettingsSync />
      <PlayerBar renderDownloadButton={(beat) => <DownloadBeatButton beat={beat} variant="icon" />} />
      {/* One Purchase Beat dialog, opened from any card, row, beat page or download. */}
      <PurchaseDialog />
      {/* Buy Credits, Upgrade to Producer Pro and Promote Your Beat, opened from anywhere. */}
      <MoneyDialogs />
      <SignInDialog />
      {/* Invoices & Receipts, opened from the user menu and from My Downloads. */}
      <InvoicesDialog />
      {/* One realtime connection for the whole app while a user is signed in; renders nothing. */}
      <AppRealtime />
      <ScrollRestoration />
    </div>
  );
}
