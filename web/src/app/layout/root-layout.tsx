import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { MaintenanceBanner } from '../../features/admin/components/maintenance-banner';
import { AudioEngine } from '../../features/player/components/audio-engine';
import { PlayerSettingsSync } from '../../features/player/components/player-settings-sync';
import { useDefaultDocumentHead } from '../../lib/document-head';
import { lazyPage } from '../lazy-page';
import { Header } from './header';
import {
  LazyDownloadBeatButton,
  LazyInvoicesDialog,
  LazyMemberParts,
  LazyPlayerBar,
  LazyPlayerCartButton,
  LazyPurchaseDialog,
  LazySignInDialog,
} from './lazy-layout-parts';
import { PageFallback } from './page-fallback';

// Below every page's first screen: it loads after the page, outside the first load.
const SiteFooter = lazyPage(() => import('./site-footer'), 'SiteFooter');

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
      {/* The admins' maintenance_banner setting, above everything else. */}
      <MaintenanceBanner />
      <Header />
      {/* At least a screen tall: the footer (and its late lazy chunk) starts below the first
          screen, so a page that grows as its data arrives never pushes it down in view (CLS). */}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-screen-2xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        {/* Pages load when first visited (routes.tsx): a page-sized placeholder meanwhile. */}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {/* The player outlives every page: one audio element, the bar on every screen. */}
      <AudioEngine />
      <PlayerSettingsSync />
      <LazyPlayerBar
        renderDownloadButton={(beat) => <LazyDownloadBeatButton beat={beat} variant="icon" />}
        renderCartButton={(beat) => <LazyPlayerCartButton beat={beat} />}
      />
      {/* One Purchase Beat dialog, opened from any card, row, beat page or download. */}
      <LazyPurchaseDialog />
      <LazySignInDialog />
      {/* Invoices & Receipts, opened from the user menu and from My Downloads. */}
      <LazyInvoicesDialog />
      {/* Signed in: Buy Credits, Upgrade to Producer Pro and Promote Your Beat, opened from
          anywhere, and the one realtime connection (which renders nothing). */}
      <LazyMemberParts />
      <ScrollRestoration />
    </div>
  );
}
