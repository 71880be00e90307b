import type { SessionUser } from '@beatroom/shared/auth-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../features/auth/api';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { UserMenu } from './user-menu';

const member: SessionUser = {
  id: 'a1b2c3d4e5f6a7b8',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  picture: null,
  isAdmin: false,
  isOwner: false,
  role: 'user',
};

const MEMBER_ENTRIES = [
  'View Profile',
  'Favorites',
  'My Reviews',
  'Downloads',
  'My Recordings',
  'Notifications',
  'Support',
  'Subscription & Billing',
  'Settings',
];

function renderMenu(user: SessionUser) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, user);
  return renderRoutes(
    [
      { path: '/', element: <UserMenu user={user} /> },
      { path: '*', element: <UserMenu user={user} /> },
    ],
    { initialEntry: '/somewhere', queryClient },
  );
}

async function openMenu(name: string, user: ReturnType<typeof renderMenu>['user']) {
  await user.click(screen.getByRole('button', { name: `User menu for ${name}` }));
  return screen.findByRole('menu');
}

const entryNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim());

describe('UserMenu', () => {
  it('lists every entry in the spec’s order, without Admin Panel for a member', async () => {
    stubFetch(); // credits and subscription do not exist yet: 404
    const { user } = renderMenu(member);

    const menu = await openMenu('Ada Lovelace', user);
    // With no subscription (404), the upgrade is offered; with no credits, no balance.
    await within(menu).findByRole('menuitem', { name: 'Upgrade to Pro' });

    expect(entryNames(menu)).toEqual(['Upgrade to Pro', ...MEMBER_ENTRIES, 'Sign out']);
    expect(within(menu).queryByText('Buy More')).not.toBeInTheDocument();
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
  });

  it('links each entry to its route', async () => {
    stubFetch();
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);
    const href = (name: string) => within(menu).getByRole('menuitem', { name }).getAttribute('href');

    expect(href('View Profile')).toBe('/profile/a1b2c3d4e5f6a7b8');
    expect(href('Favorites')).toBe('/profile/a1b2c3d4e5f6a7b8?tab=favorites');
    expect(href('My Reviews')).toBe('/profile/a1b2c3d4e5f6a7b8?tab=reviews');
    expect(href('Downloads')).toBe('/downloads');
    expect(href('My Recordings')).toBe('/my-recordings');
    expect(href('Notifications')).toBe('/notifications');
    expect(href('Support')).toBe('/support');
    expect(href('Subscription & Billing')).toBe('/settings?section=subscription');
    expect(href('Settings')).toBe('/settings');
    expect(await within(menu).findByRole('menuitem', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/settings?section=subscription',
    );
  });

  it.each([
    ['an admin', { isAdmin: true, role: 'admin' as const }],
    ['an owner', { isOwner: true, role: 'owner' as const }],
  ])('shows Admin Panel, before Sign out, for %s', async (_who, flags) => {
    stubFetch();
    const { user } = renderMenu({ ...member, ...flags });
    const menu = await openMenu('Ada Lovelace', user);
    await within(menu).findByRole('menuitem', { name: 'Upgrade to Pro' });

    expect(entryNames(menu).slice(-2)).toEqual(['Admin Panel', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('falls back to User plus the first 8 characters of the id when there is no name', async () => {
    stubFetch();
    const { user } = renderMenu({ ...member, name: null });

    expect(screen.getByRole('button', { name: 'User menu for User a1b2c3d4' })).toBeInTheDocument();
    const menu = await openMenu('User a1b2c3d4', user);
    expect(within(menu).getByText('User a1b2c3d4')).toBeInTheDocument();
  });

  it('shows the credits balance with Buy More and the active tier instead of the upgrade', async () => {
    stubFetch({
      'GET /api/user/credits': () => jsonResponse({ credits: { credits_available: 1250 } }),
      'GET /api/user/subscription': () =>
        jsonResponse({ subscription: { name: 'Producer Pro', tier_name: 'Pro', status: 'active' } }),
    });
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    expect(await within(menu).findByText('1.3K')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Buy More' })).toBeInTheDocument();
    expect(await within(menu).findByText('Pro')).toBeInTheDocument();
    expect(within(menu).queryByText('Upgrade to Pro')).not.toBeInTheDocument();
  });

  it('offers the upgrade when the user has no subscription', async () => {
    stubFetch({ 'GET /api/user/subscription': () => jsonResponse({ subscription: null }) });
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    expect(await within(menu).findByRole('menuitem', { name: 'Upgrade to Pro' })).toBeInTheDocument();
  });

  it('Sign out clears the user, calls logout and goes to /', async () => {
    const api = stubFetch({ 'GET /api/logout': () => jsonResponse({ ok: true }) });
    const { user, router, queryClient } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(sessionKeys.me)).toBeNull();
    expect(api.calls('GET /api/logout')).toHaveLength(1);
  });
});
