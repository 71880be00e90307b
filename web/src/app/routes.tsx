import type { RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

/**
 * The full route table of community.md §2, in one place. Areas whose screens are not built yet
 * show the real Not Found page until their feature replaces `element` here.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },

      // Catalogue and profiles (platform.md)
      { path: 'profile/:userId', element: <NotFoundPage /> },
      { path: 'beat/:beatId', element: <NotFoundPage /> },
      { path: 'beats/:beatId', element: <NotFoundPage /> },
      { path: 'upload', element: <NotFoundPage /> },

      // Money and personal account (money.md)
      { path: 'downloads', element: <NotFoundPage /> },
      { path: 'settings', element: <NotFoundPage /> },

      // Community and operations (community.md)
      { path: 'admin', element: <NotFoundPage /> },
      { path: 'admin/support/ticket/:ticketNumber', element: <NotFoundPage /> },
      { path: 'notifications', element: <NotFoundPage /> },
      { path: 'my-recordings', element: <NotFoundPage /> },
      { path: 'support', element: <NotFoundPage /> },
      { path: 'support/ticket/:ticketNumber', element: <NotFoundPage /> },
      { path: 'studio/:beatId', element: <NotFoundPage /> },
      { path: 'studio/collaborate/create', element: <NotFoundPage /> },
      { path: 'studio/collaborate/:sessionCode', element: <NotFoundPage /> },
      { path: 'challenges', element: <NotFoundPage /> },
      { path: 'challenges/:id', element: <NotFoundPage /> },
      { path: 'collaborations', element: <NotFoundPage /> },
      { path: 'collaborations/:id', element: <NotFoundPage /> },
      { path: 'activity', element: <NotFoundPage /> },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
