import { ADMIN_TEXTS, type AdminUserRow } from '@beatroom/shared/admin-contract';
import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { makeSessionUser } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { AdminPage } from './admin-page';
import { UsersTab } from './users-tab';

const owner = makeSessionUser({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Olive Owner',
  isAdmin: true,
  isOwner: true,
  role: 'owner',
});
const admin = makeSessionUser({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Adam Admin',
  isAdmin: true,
});
const fan = makeSessionUser({ id: '33333333-3333-4333-8333-333333333333', name: 'Fay Fan' });

function row(user: SessionUser, extra: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    user_id: user.id,
    display_name: user.name ?? 'User',
    email: user.email,
    beat_count: 2,
    follower_count: 5,
    is_admin: user.isAdmin,
    is_owner: user.isOwner,
    verified: false,
    created_at: '2026-01-02T00:00:00.000Z',
    ...extra,
  };
}

const usersResponse = () => ({
  users: [row(owner), row(admin), row(fan)],
  pagination: { page: 1, limit: 20, total: 3, pages: 1 },
  ownerCount: 1,
});
const dashboard = {
  totalUsers: 3,
  totalBeats: 12,
  totalPlays: 3400,
  totalDownloads: 77,
  salesLast30Days: 4,
  revenueLast30DaysCents: 12345,
};

let toasts: ToastDetail[] = [];
const onToast = (e: Event) => toasts.push((e as CustomEvent<ToastDetail>).detail);
beforeEach(() => {
  toasts = [];
  window.addEventListener(TOAST_EVENT, onToast);
});
afterEach(() => window.removeEventListener(TOAST_EVENT, onToast));

function renderAdmin(user: SessionUser | null, entry = '/admin') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, user);
  return renderRoutes(
    [
      { path: '/admin', element: <AdminPage supportPanel={<p>Support desk here</p>} /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntry: entry, queryClient },
  );
}

describe('AdminPage access', () => {
  it('signed out: Access Denied with a Sign In button', async () => {
    stubFetch();
    renderAdmin(null);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('a member: Admin Access Required, and no admin call is made', async () => {
    const net = stubFetch();
    renderAdmin(fan);
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(net.requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('a 403 from the dashboard sends the caller home', async () => {
    stubFetch({ 'GET /api/admin/dashboard': () => jsonResponse({ error: 'Admin access required' }, 403) });
    renderAdmin(admin);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});

describe('AdminPage tabs', () => {
  it('shows the dashboard tiles and the seven tabs; ?tab=support mounts the support desk', async () => {
    stubFetch({ 'GET /api/admin/dashboard': () => jsonResponse(dashboard) });
    const { user } = renderAdmin(admin);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Dashboard', 'Users', 'Beats', 'Support', 'Settings', 'Logs', 'Reports', 'Orders']);
    expect(await screen.findByText(formatNumber(3400))).toBeInTheDocument();
    expect(screen.getByText('Total Downloads')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Support' }));
    expect(await screen.findByText('Support desk here')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
  });

  it('settings: edits a value, with the client check and the success toast', async () => {
    const net = stubFetch({
      'GET /api/admin/dashboard': () => jsonResponse(dashboard),
      'GET /api/admin/settings': () =>
        jsonResponse({ settings: [{ key: 'max_upload_mb', value: 50, description: 'Largest audio file' }] }),
      'PATCH /api/admin/settings/max_upload_mb': (r) =>
        jsonResponse({ key: 'max_upload_mb', value: (r.body as { value: number }).value, description: 'x' }),
    });
    const { user } = renderAdmin(admin, '/admin?tab=settings');
    await user.click(await screen.findByRole('button', { name: 'Edit max_upload_mb' }));
    const input = screen.getByLabelText('max_upload_mb');
    await user.clear(input);
    await user.type(input, '80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Must be at most 50');
    expect(net.calls('PATCH /api/admin/settings/max_upload_mb')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.calls('PATCH /api/admin/settings/max_upload_mb')).toHaveLength(1));
    expect(net.calls('PATCH /api/admin/settings/max_upload_mb')[0]!.body).toEqual({ value: 20 });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ title: ADMIN_TEXTS.settingUpdated, duration: 5000 }),
      ),
    );
  });

  it('settings: a tier price shows in dollars and is checked as whole cents before it is sent', async () => {
    const net = stubFetch({
      'GET /api/admin/dashboard': () => jsonResponse(dashboard),
      'GET /api/admin/settings': () =>
        jsonResponse({ settings: [{ key: 'tier_price_pro_cents', value: 999, description: 'Pro price' }] }),
      'PATCH /api/admin/settings/tier_price_pro_cents': (r) =>
        jsonResponse({
          key: 'tier_price_pro_cents',
          value: (r.body as { value: number }).value,
          description: 'x',
        }),
    });
    const { user } = renderAdmin(admin, '/admin?tab=settings');
    expect(await screen.findByText('($9.99)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit tier_price_pro_cents' }));
    const input = screen.getByLabelText('tier_price_pro_cents');
    await user.clear(input);
    await user.type(input, '12.99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Must be a whole number of cents');
    expect(net.calls('PATCH /api/admin/settings/tier_price_pro_cents')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '1299');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.calls('PATCH /api/admin/settings/tier_price_pro_cents')).toHaveLength(1));
    expect(net.calls('PATCH /api/admin/settings/tier_price_pro_cents')[0]!.body).toEqual({ value: 1299 });
  });

  it('beats: toggles featured and deletes after the confirmation; a failure shows the server error', async () => {
    const beat = {
      id: '44444444-4444-4444-8444-444444444444',
      title: 'Night Drive',
      producer_name: 'Fay Fan',
      play_count: 10,
      download_count: 2,
      is_featured: false,
      description: null,
      bpm: 90,
      key_signature: null,
      genre: 'Trap',
      mood: null,
      price_cents: 0,
      is_free: true,
      audio_file_key: 'a.mp3',
      cover_image_key: null,
      user_id: fan.id,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const onBeatsChanged = vi.fn();
    const net = stubFetch({
      'GET /api/admin/dashboard': () => jsonResponse(dashboard),
      'GET /api/admin/beats': () =>
        jsonResponse({ beats: [beat], pagination: { page: 1, limit: 20, total: 1, pages: 1 } }),
      [`PATCH /api/admin/beats/${beat.id}/featured`]: () => jsonResponse({ ok: true }),
      [`DELETE /api/admin/beats/${beat.id}`]: () =>
        jsonResponse({ error: 'This beat has been sold and cannot be deleted' }, 409),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.me, admin);
    const { user } = renderRoutes(
      [{ path: '/admin', element: <AdminPage supportPanel={null} onBeatsChanged={onBeatsChanged} /> }],
      { initialEntry: '/admin?tab=beats', queryClient },
    );
    const rowEl = await screen.findByTestId('admin-beat-row');
    await user.click(within(rowEl).getByRole('button', { name: 'Feature' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ title: ADMIN_TEXTS.beatFeatured })),
    );
    expect(net.calls(`PATCH /api/admin/beats/${beat.id}/featured`)[0]!.body).toEqual({ isFeatured: true });
    expect(onBeatsChanged).toHaveBeenCalled();

    await user.click(within(rowEl).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Night Drive"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Beat' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: 'error', title: 'This beat has been sold and cannot be deleted' }),
      ),
    );
  });
});

describe('UsersTab: controls follow the role matrix', () => {
  const controls = (name: string) =>
    within(screen.getByText(name).closest('tr')!)
      .queryAllByRole('button')
      .map((b) => b.textContent);

  it('an owner: no controls on their own row (marked You); admin and owner controls on others', async () => {
    stubFetch({ 'GET /api/admin/users': () => jsonResponse(usersResponse()) });
    renderRoutes([{ path: '/', element: <UsersTab me={owner} /> }]);
    await screen.findByText('Fay Fan');
    expect(within(screen.getByText('Olive Owner').closest('tr')!).getByText('(You)')).toBeInTheDocument();
    expect(controls('Olive Owner')).toEqual([]);
    expect(controls('Adam Admin')).toEqual(['Revoke Admin', 'Make Owner', 'Delete']);
    expect(controls('Fay Fan')).toEqual(['Make Admin', 'Make Owner', 'Delete']);
  });

  it("an admin: no role controls at all, since granting admin is an owner's power", async () => {
    stubFetch({ 'GET /api/admin/users': () => jsonResponse(usersResponse()) });
    renderRoutes([{ path: '/', element: <UsersTab me={admin} /> }]);
    await screen.findByText('Fay Fan');
    expect(controls('Olive Owner')).toEqual([]);
    expect(controls('Adam Admin')).toEqual([]);
    expect(controls('Fay Fan')).toEqual([]);
  });

  it('owner transfer: warns, grants, toasts and reloads after 2 seconds', async () => {
    const net = stubFetch({
      'GET /api/admin/users': () => jsonResponse(usersResponse()),
      [`PATCH /api/admin/users/${fan.id}/owner`]: () => jsonResponse({ ok: true }),
    });
    const onReload = vi.fn();
    const { user } = renderRoutes([{ path: '/', element: <UsersTab me={owner} onReload={onReload} /> }]);
    await screen.findByText('Fay Fan');
    await user.click(
      within(screen.getByText('Fay Fan').closest('tr')!).getByRole('button', { name: 'Make Owner' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This will revoke your own owner status');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer Ownership' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ title: ADMIN_TEXTS.ownerGranted, duration: 5000 }),
      ),
    );
    expect(net.calls(`PATCH /api/admin/users/${fan.id}/owner`)[0]!.body).toEqual({ isOwner: true });
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
  });

  it('delete: the confirmation says it cannot be undone; a failure toasts the fallback', async () => {
    stubFetch({
      'GET /api/admin/users': () => jsonResponse(usersResponse()),
      [`DELETE /api/admin/users/${fan.id}`]: () => new Response('', { status: 500 }),
    });
    const { user } = renderRoutes([{ path: '/', element: <UsersTab me={owner} /> }]);
    await screen.findByText('Fay Fan');
    await user.click(
      within(screen.getByText('Fay Fan').closest('tr')!).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Fay Fan? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: 'error', title: ADMIN_TEXTS.deleteUserFailed }),
      ),
    );
  });
});
