import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { SessionProvider } from '../features/session/components/session-provider';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export interface RenderRoutesOptions {
  initialEntry?: string;
  queryClient?: QueryClient;
  /** Wrap in StrictMode to catch effects that misbehave when run twice. */
  strict?: boolean;
}

/** Renders routes in a memory router with a fresh query client, as the app would. */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntry = '/', queryClient = createTestQueryClient(), strict = false }: RenderRoutesOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const tree: ReactNode = (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  return { ...render(strict ? <StrictMode>{tree}</StrictMode> : tree), router, queryClient, user };
}
