import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createBrowserRouter, type DataRouter, type RouteObject } from 'react-router-dom';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { SessionProvider } from '../features/session/components/session-provider';
import { ThemeSettingsSync } from '../features/theme/components/theme-settings-sync';
import { ThemeSync } from '../features/theme/components/theme-sync';
import { configureApiClient } from '../lib/api-client';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../lib/platform';
import { routesForPlatform } from './platform-routes';
import { PlatformSync } from './platform-sync';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

export interface AppProps {
  /**
   * Builds the router from the route table. The web uses browser history (the default); the
   * desktop app, served from files, passes createHashRouter; tests pass createMemoryRouter.
   */
  createRouter?: (routes: RouteObject[]) => DataRouter;
  /** Defaults to a fresh client; tests pass their own to seed or inspect the cache. */
  queryClient?: QueryClient;
  /** What the machine offers (files, notifications, microphone…); the browser's by default. */
  platform?: Platform;
}

/**
 * The whole application: data cache, theme, router and toasts. Everything browser-specific is
 * created on first render, never at import, so the desktop renderer can import it freely.
 */
export function App({ createRouter = createBrowserRouter, queryClient, platform }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [currentPlatform] = useState(() => {
    const chosen = platform ?? createBrowserPlatform();
    // Before any query runs: every feature's API calls go where the platform says.
    if (chosen.api) configureApiClient(chosen.api);
    return chosen;
  });
  const [router] = useState(() => createRouter(routesForPlatform(appRoutes, currentPlatform)));

  return (
    <PlatformProvider platform={currentPlatform}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <ThemeSync />
          <ThemeSettingsSync />
          <PlatformSync router={router} />
          <RouterProvider router={router} />
          {/* Below the sticky header (two rows on phones); the stack steps aside from open menus. */}
          <LazyToaster className="top-28 md:top-20" />
        </SessionProvider>
      </QueryClientProvider>
    </PlatformProvider>
  );
}
