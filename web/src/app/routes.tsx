import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home-page';
import { MembersOnly } from './routes/members-only';
import { RouteErrorPage } from './routes/route-error-page';

// Every page but home loads when first visited (see lazy-page.ts).
const AuthCallbackPage = lazyPage(
  () => import('../features/auth/components/auth-callback-page'),
  'AuthCallbackPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/components/notifications-page'),
  'NotificationsPage',
);
const MyRecordingsRoute = lazyPage(() => import('./routes/my-recordings-route'), 'MyRecordingsRoute');
const DashboardRoute = lazyPage(() => import('./routes/dashboard-route'), 'DashboardRoute');
const LocalCheckoutPage = lazyPage(
  () => import('../features/purchase/components/local-checkout-page'),
  'LocalCheckoutPage',
);
const ActivityRoute = lazyPage(() => import('./routes/activity-route'), 'ActivityRoute');
const AdminRoute = lazyPage(() => import('./routes/admin-route'), 'AdminRoute');
const BeatRoute = lazyPage(() => import('./routes/beat-route'), 'BeatRoute');
const CartRoute = lazyPage(() => import('./routes/cart-route'), 'CartRoute');
const ChallengesRoute = lazyPage(() => import('./routes/challenges-route'), 'ChallengesRoute');
const ChallengeRoute = lazyPage(() => import('./routes/challenges-route'), 'ChallengeRoute');
const DownloadsRoute = lazyPage(() => import('./routes/downloads-route'), 'DownloadsRoute');
const EarningsRoute = lazyPage(() => import('./routes/earnings-route'), 'EarningsRoute');
const LocalAccountCheckoutRoute = lazyPage(
  () => import('./routes/local-account-checkout-route'),
  'LocalAccountCheckoutRoute',
);
const ProfileRoute = lazyPage(() => import('./routes/profile-route'), 'ProfileRoute');
const SettingsRoute = lazyPage(() => import('./routes/settings-route'), 'SettingsRoute');
const StudioRoute = lazyPage(() => import('./routes/studio-route'), 'StudioRoute');
const CollabSessionRoute = lazyPage(() => import('./routes/collab-session-route'), 'CollabSessionRoute');
const CreateSessionPage = lazyPage(
  () => import('../features/collab-session/components/create-session-page'),
  'CreateSessionPage',
);
const TermsPage = lazyPage(() => import('../features/legal/components/terms-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/legal/components/privacy-page'), 'PrivacyPage');
const UploadRoute = lazyPage(() => import('./routes/upload-route'), 'UploadRoute');
const SupportCenterPage = lazyPage(
  () => import('../features/support/components/support-center-page'),
  'SupportCenterPage',
);
const TicketThreadPage = lazyPage(
  () => import('../features/support/components/ticket-thread-page'),
  'TicketThreadPage',
);
const CollaborationsPage = lazyPage(
  () => import('../features/collaborations/components/collaborations-page'),
  'CollaborationsPage',
);
const CollaborationDetailPage = lazyPage(
  () => import('../features/collaborations/components/collaboration-detail-page'),
  'CollaborationDetailPage',
);
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const AdminTicketPage = lazyPage(
  () => import('../features/support-desk/components/admin-ticket-page'),
  'AdminTicketPage',
);

/**
 * The app's full route table, in one place. Areas whose screens are not built yet
 * show a "coming soon" page (the menus already link to them) until their feature replaces
 * `element` here; only paths outside the table are not found.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },

      // Catalogue and profiles
      { path: 'profile/:userId', element: <ProfileRoute /> },
      { path: 'beat/:beatId', element: <BeatRoute /> },
      { path: 'beats/:beatId', element: <BeatRoute /> },
      { path: 'upload', element: <UploadRoute /> },

      // Money and personal account
      {
        // The local test checkout a purchase's checkout_url leads to when Stripe is not configured.
        path: 'checkout/local/:orderId',
        element: <MembersOnly prompt="localCheckout">{() => <LocalCheckoutPage />}</MembersOnly>,
      },
      // The same for a credits pack, a promotion paid by card or a subscription.
      { path: 'checkout/local/account/:paymentId', element: <LocalAccountCheckoutRoute /> },
      { path: 'downloads', element: <DownloadsRoute /> },
      { path: 'cart', element: <CartRoute /> },
      {
        path: 'earnings',
        element: <MembersOnly prompt="earnings">{(user) => <EarningsRoute user={user} />}</MembersOnly>,
      },
      {
        path: 'dashboard',
        element: <MembersOnly prompt="dashboard">{(user) => <DashboardRoute user={user} />}</MembersOnly>,
      },
      { path: 'settings', element: <SettingsRoute /> },

      // Community and operations
      { path: 'admin', element: <AdminRoute /> },
      { path: 'admin/support/ticket/:ticketNumber', element: <AdminTicketPage /> },
      {
        path: 'notifications',
        element: (
          <MembersOnly prompt="notifications">{(user) => <NotificationsPage user={user} />}</MembersOnly>
        ),
      },
      {
        path: 'my-recordings',
        element: (
          <MembersOnly prompt="myRecordings">{(user) => <MyRecordingsRoute user={user} />}</MembersOnly>
        ),
      },
      {
        path: 'support',
        element: <MembersOnly prompt="support">{() => <SupportCenterPage />}</MembersOnly>,
      },
      {
        path: 'support/ticket/:ticketNumber',
        element: <MembersOnly prompt="supportTicket">{() => <TicketThreadPage />}</MembersOnly>,
      },
      {
        path: 'studio/:beatId',
        element: <MembersOnly prompt="studio">{() => <StudioRoute />}</MembersOnly>,
      },
      {
        path: 'studio/collaborate/create',
        element: <MembersOnly prompt="createSession">{() => <CreateSessionPage />}</MembersOnly>,
      },
      // No code: "Join a session", where the host's code is typed in.
      { path: 'studio/collaborate', element: <CollabSessionRoute /> },
      { path: 'studio/collaborate/:sessionCode', element: <CollabSessionRoute /> },
      { path: 'challenges', element: <ChallengesRoute /> },
      { path: 'challenges/:id', element: <ChallengeRoute /> },
      { path: 'collaborations', element: <CollaborationsPage /> },
      { path: 'collaborations/:id', element: <CollaborationDetailPage /> },
      {
        path: 'activity',
        element: <MembersOnly prompt="activity">{(user) => <ActivityRoute user={user} />}</MembersOnly>,
      },

      // The legal texts the sign-in dialog and the footer refer to.
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
