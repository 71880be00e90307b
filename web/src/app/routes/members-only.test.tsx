import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { listener } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { MembersOnly } from './members-only';

function renderNotifications() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <MembersOnly title="Sign in to see your notifications" description="Members only.">
          {(u) => <NotificationsPage user={u} />}
        </MembersOnly>
      ),
    },
  ]);
}

beforeEach(() => {
  useSignInDialog.setState({ isOpen: false, onClose: null });
});

describe('a members-only page', () => {
  it('asks a visitor to sign in, opening the dialog only when asked', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    const { user } = renderNotifications();
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your notifications' }),
    ).toBeInTheDocument();
    expect(useSignInDialog.getState().isOpen).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
  });

  it('shows the page to a member', async () => {
    stubFetch({
      'GET /api/users/me': () => jsonResponse(listener),
      'GET /api/notifications': () => jsonResponse({ notifications: [], hasMore: false }),
    });
    renderNotifications();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
  });
});
