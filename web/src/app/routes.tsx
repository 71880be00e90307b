import type { RouteObject } from 'react-router-dom';
import { ActivityPage } from '../features/activity/components/activity-page';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page';
import { BeatDetailPage } from '../features/beats/components/beat-detail-page';
import { UploadPage } from '../features/beats/components/upload-page';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home-page';
import { MembersOnly } from './routes/members-only';
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
      { path: 'profile/:userId', element: <ProfilePage /> },
      { path: 'beat/:beatId', element: <BeatDetailPage /> },
      { path: 'beats/:beatId', element: <BeatDetailPage /> },
      { path: 'upload', element: <UploadPage /> },

      // Money and personal account (money.md)
      { path: 'downloads', element: <NotFoundPage /> },
      { path: 'settings', element: <NotFoundPage /> },

      // Community and operations (community.md)
      { path: 'admin', element: <NotFoundPage /> },
      { path: 'admin/support/ticket/:ticketNumber', element: <NotFoundPage /> },
      {
        path: 'notifications',
        element: (
          <MembersOnly
            title="Sign in to see your notifications"
            description="New followers, new beats from producers you follow and reviews of your beats show up here."
          >
            {(user) => <NotificationsPage user={user} />}
          </MembersOnly>
        ),
      },
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
      {
        path: 'activity',
        element: (
          <MembersOnly
            title="Sign in to see community activity"
            description="Follow uploads, follows and ratings across Beatroom as they happen."
          >
            {(user) => <ActivityPage user={user} />}
          </MembersOnly>
        ),
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
