import type { SessionUser } from '@beatroom/shared/auth-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBuyCreditsDialog } from '../../features/credits/store/buy-credits-dialog-store';
import { useInvoicesDialog } from '../../features/invoices/store/invoices-dialog-store';
import { sessionKeys } from '../../features/session/api';
import { useUpgradeDialog } from '../../features/subscriptions/store/upgrade-dialog-store';
import { makeCredits, makeSubscription } from '../../test/account-money-fixtures';
import { makeProfile, makeSessionUser } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { UserMenu } from './user-menu';

const member: SessionUser = makeSessionUser({
  id: 'a1b2c3d4e5f6a7b8',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
});

const MEMBER_ENTRIES = [
  'View Profile',
  'Favorites',
  'My Reviews',
  'Downloads',
  'Invoices & Receipts',
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
  await user.click(screen.getByRole('button', { name: `${name}, user menu` }));
  return screen.findByRole('menu');
}

/** The navigation entries, after the credits and plan actions at the top. */
const entryNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim())
    .filter((name) => name !== 'Buy More' && name !== 'Upgrade to Pro');

/** The account figures the menu reads once opened. */
const accountHandlers = ({
  credits = 0,
  subscription = null as ReturnType<typeof makeSubscription> | null,
} = {}) => ({
  'GET /api/user/credits': () => jsonResponse(makeCredits(credits)),
  'GET /api/user/subscription': () => jsonResponse({ subscription }),
});

describe('UserMenu', () => {
  it('lists every entry in the documented order, without Admin Panel for a member', async () => {
    stubFetch();
    const { user } = renderMenu(member);

    const menu = await openMenu('Ada Lovelace', user);
    expect(entryNames(menu)).toEqual([...MEMBER_ENTRIES, 'Sign out']);
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
  });

  it.each([
    ['an admin', { isAdmin: true, role: 'admin' as const }],
    ['an owner', { isOwner: true, role: 'owner' as const }],
  ])('shows Admin Panel, before Sign out, for %s', async (_who, flags) => {
    stubFetch();
    const { user } = renderMenu({ ...member, ...flags });
    const menu = await openMenu('Ada Lovelace', user);

    expect(entryNames(menu).slice(-2)).toEqual(['Admin Panel', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('falls back to User plus the first 8 characters of the id when there is no name', async () => {
    stubFetch();
    const { user } = renderMenu({ ...member, name: null });

    expect(screen.getByRole('button', { name: 'User a1b2c3d4, user menu' })).toBeInTheDocument();
    const menu = await openMenu('User a1b2c3d4', user);
    expect(within(menu).getByText('User a1b2c3d4')).toBeInTheDocument();
  });

  it('shows the credits balance with Buy More, and Upgrade to Pro without a plan', async () => {
    stubFetch(accountHandlers({ credits: 1250 }));
    useBuyCreditsDialog.setState({ isOpen: false });
    useUpgradeDialog.setState({ isOpen: false });
    const { user } = renderMenu(member);
    let menu = await openMenu('Ada Lovelace', user);

    expect(await within(menu).findByText('1,250')).toBeInTheDocument();
    const upgrade = await within(menu).findByRole('menuitem', { name: 'Upgrade to Pro' });
    await user.click(upgrade);
    expect(useUpgradeDialog.getState().isOpen).toBe(true);

    menu = await openMenu('Ada Lovelace', user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Buy More' }));
    expect(useBuyCreditsDialog.getState().isOpen).toBe(true);
    useBuyCreditsDialog.setState({ isOpen: false });
    useUpgradeDialog.setState({ isOpen: false });
  });

  it('shows the active tier’s name instead of Upgrade to Pro', async () => {
    stubFetch(accountHandlers({ subscription: makeSubscription({ tier_name: 'Pro Annual' }) }));
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    expect(await within(menu).findByText('Pro Annual')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('asks for nothing until the menu is first opened', async () => {
    const api = stubFetch(accountHandlers());
    // The signed-in user's settings are the app's (SessionProvider reads them once for all).
    const menuRequests = () => api.requests.filter((request) => request.path !== '/api/user-settings');
    const { user } = renderMenu(member);
    expect(menuRequests()).toHaveLength(0);
    await openMenu('Ada Lovelace', user);
    await waitFor(() =>
      expect(
        menuRequests()
          .map((request) => request.path)
          .sort(),
      ).toEqual([`/api/users/${member.id}/profile`, '/api/user/credits', '/api/user/subscription'].sort()),
    );
  });

  it.each([
    ['has uploaded a beat', { beats_count: 1, profile: { user_role: null } }],
    ['picked the Producer role', { beats_count: 0, profile: { user_role: 'producer' } }],
  ])('offers Earnings, after Invoices & Receipts, to a producer who %s', async (_why, overrides) => {
    stubFetch({
      [`GET /api/users/${member.id}/profile`]: () => jsonResponse(makeProfile(member.id, overrides)),
    });
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    expect(await within(menu).findByRole('menuitem', { name: 'Earnings' })).toHaveAttribute(
      'href',
      '/earnings',
    );
    const names = entryNames(menu);
    expect(names.slice(names.indexOf('Downloads'), names.indexOf('Downloads') + 3)).toEqual([
      'Downloads',
      'Invoices & Receipts',
      'Earnings',
    ]);
  });

  it('offers no Earnings to someone who neither uploads nor calls themselves a producer', async () => {
    const api = stubFetch({
      [`GET /api/users/${member.id}/profile`]: () =>
        jsonResponse(makeProfile(member.id, { beats_count: 0, profile: { user_role: 'vocalist' } })),
    });
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    await waitFor(() => expect(api.calls(`GET /api/users/${member.id}/profile`)).toHaveLength(1));
    expect(within(menu).queryByRole('menuitem', { name: 'Earnings' })).not.toBeInTheDocument();
  });

  it('offers My beats (/dashboard) to someone with beats, and not to a producer without any', async () => {
    stubFetch({
      [`GET /api/users/${member.id}/profile`]: () =>
        jsonResponse(makeProfile(member.id, { beats_count: 2, profile: { user_role: null } })),
    });
    const first = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', first.user);
    expect(await within(menu).findByRole('menuitem', { name: 'My beats' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    first.unmount();

    const api = stubFetch({
      [`GET /api/users/${member.id}/profile`]: () =>
        jsonResponse(makeProfile(member.id, { beats_count: 0, profile: { user_role: 'producer' } })),
    });
    const second = renderMenu(member);
    const none = await openMenu('Ada Lovelace', second.user);
    await waitFor(() => expect(api.calls(`GET /api/users/${member.id}/profile`)).toHaveLength(1));
    expect(await within(none).findByRole('menuitem', { name: 'Earnings' })).toBeInTheDocument();
    expect(within(none).queryByRole('menuitem', { name: 'My beats' })).not.toBeInTheDocument();
  });

  it('opens Invoices & Receipts from the menu', async () => {
    stubFetch();
    useInvoicesDialog.setState({ isOpen: false });
    const { user } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    await user.click(within(menu).getByRole('menuitem', { name: 'Invoices & Receipts' }));
    expect(useInvoicesDialog.getState().isOpen).toBe(true);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    useInvoicesDialog.setState({ isOpen: false });
  });

  it('Sign out clears the user, calls logout and goes to /', async () => {
    const api = stubFetch({ 'POST /api/logout': () => jsonResponse({ ok: true }) });
    const { user, router, queryClient } = renderMenu(member);
    const menu = await openMenu('Ada Lovelace', user);

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(sessionKeys.me)).toBeNull();
    expect(api.calls('POST /api/logout')).toHaveLength(1);
  });
});
