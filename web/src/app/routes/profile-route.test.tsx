import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { TOAST_EVENT, type ToastDetail } from '../../lib/toast';
import { listener, makeBeat, makeProfile, makeUserReview, producer } from '../../test/fixtures';
import { jsonResponse } from '../../test/mock-fetch';
import { OWNER_ID, renderProfile as setup, tile } from './profile-route.test-setup';

beforeEach(() => {
  useSignInDialog.setState({ isOpen: false, onClose: null });
});

describe('the profile page', () => {
  it('shows the profile: badges, details, links, stat tiles and favorite genres', async () => {
    const profile = makeProfile(OWNER_ID, {
      profile: { is_owner: true, is_admin: true, verified: true, user_role: 'producer' },
      average_rating: 4.56,
      favorite_genres: [
        { genre: 'Trap', count: 3 },
        { genre: 'Drill', count: 1 },
      ],
    });
    setup({ viewer: null, profile });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Beats' })).toBeInTheDocument();
    for (const badge of ['Owner', 'Admin', 'Verified', 'Producer'])
      expect(screen.getByText(badge)).toBeInTheDocument();
    expect(screen.getByText('Berlin, Germany')).toBeInTheDocument();
    expect(screen.getByText('Joined March 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Twitter: @novabeats' })).toHaveAttribute(
      'href',
      'https://twitter.com/novabeats',
    );
    expect(screen.getByRole('link', { name: 'TikTok: @nova.beats' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@nova.beats',
    );
    expect(screen.getByRole('link', { name: 'Website: nova.example.com' })).toBeInTheDocument();

    expect(tile('Beats')).toBe('1');
    expect(tile('Followers')).toBe('41');
    expect(tile('Total Plays')).toBe('15.3K');
    expect(tile('Downloads')).toBe('420');
    expect(tile('Rating')).toBe('4.6');
    expect(screen.getByRole('link', { name: 'Trap 3 beats' })).toHaveAttribute('href', '/?genre=Trap');
  });

  it('shows a dash for a missing rating', async () => {
    setup({ viewer: null, profile: makeProfile(OWNER_ID, { average_rating: null }) });
    await screen.findByRole('heading', { level: 1 });
    expect(tile('Rating')).toBe('-');
  });

  it('offers the owner Edit Profile, Edit Cover and My Uploads, and no Follow', async () => {
    setup({ viewer: producer });
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Cover' })).toBeInTheDocument();
    // The tabs are built after the header and stats (Deferred).
    expect(await screen.findByRole('tab', { name: 'My Uploads' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('offers a visitor Follow, which opens the sign-in dialog, and no owner buttons', async () => {
    const { user } = setup({ viewer: null });
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Cover' })).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Uploads' })).toBeInTheDocument();

    await user.click(follow);
    expect(useSignInDialog.getState().isOpen).toBe(true);
  });

  it('follows and unfollows, moving the follower count by one each time', async () => {
    const { user, api } = setup({ viewer: listener });
    // The signed-in button (a toggle); the visitor's shows until the session is known.
    const follow = await screen.findByRole('button', { name: 'Follow', pressed: false });
    await waitFor(() => expect(follow).toBeEnabled());
    expect(tile('Followers')).toBe('41');

    await user.click(follow);
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Followers')).toBe('42');
    expect(api.calls(`POST /api/users/${OWNER_ID}/follow`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(tile('Followers')).toBe('41');
    expect(api.calls(`DELETE /api/users/${OWNER_ID}/follow`)).toHaveLength(1);
  });

  it('rolls the follow back with a toast when the server refuses', async () => {
    const toasts: ToastDetail[] = [];
    const onToast = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    let respond!: () => void;
    const { user } = setup({
      viewer: listener,
      handlers: {
        [`POST /api/users/${OWNER_ID}/follow`]: () =>
          new Promise<Response>((resolve) => {
            respond = () => resolve(jsonResponse({ error: 'Server unavailable' }, 503));
          }),
      },
    });
    const follow = await screen.findByRole('button', { name: 'Follow', pressed: false });
    await waitFor(() => expect(follow).toBeEnabled());

    await user.click(follow);
    // Optimistic: the count moves before the server answers.
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(tile('Followers')).toBe('42');

    respond();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(tile('Followers')).toBe('41');
    expect(toasts).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Could not follow Nova Beats',
        message: 'Server unavailable',
      }),
    ]);
    window.removeEventListener(TOAST_EVENT, onToast);
  });

  it('shows the tabs’ empty states, and no Uploads tab for a visitor when there are no beats', async () => {
    const { user } = setup({
      viewer: listener,
      profile: makeProfile(OWNER_ID, { beats_count: 0, recent_beats: [], favorite_genres: [] }),
    });
    expect(await screen.findByText('No beats yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Beats (0)' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Beats', 'Favorites', 'Reviews']);

    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
  });

  it('opens the tab named in the address, and lists uploads with their sorts', async () => {
    const beats = [
      makeBeat({
        id: '44444444-4444-4444-8444-444444444444',
        title: 'Zero Cost',
        price_cents: 0,
        is_free: true,
        is_featured: true,
      }),
      makeBeat({ id: '55555555-5555-4555-8555-555555555555', title: 'Paid Heat', price_cents: 1999 }),
    ];
    const { user, api } = setup({
      viewer: producer,
      profile: makeProfile(OWNER_ID, { beats_count: 2, recent_beats: beats }),
      at: `/profile/${OWNER_ID}?tab=uploads`,
    });
    const list = await screen.findByRole('list', { name: 'My Uploads' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Zero Cost');
    expect(rows[0]).toHaveTextContent('Free');
    expect(within(rows[0]!).getByRole('img', { name: 'Featured' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('$19.99');
    expect(rows[1]).toHaveTextContent('140 BPM');
    expect(rows[1]).toHaveTextContent('Key C#');
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Paid Heat' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Most Plays');
    await waitFor(() =>
      expect(api.calls(`GET /api/users/${OWNER_ID}/beats`).map((r) => r.query.get('sort'))).toEqual([
        'newest',
        'popular',
      ]),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Most Downloads');
    await waitFor(() =>
      expect(api.calls(`GET /api/users/${OWNER_ID}/beats`).at(-1)?.query.get('sort')).toBe('downloads'),
    );
  });

  it('shows No beats uploaded yet on an owner’s empty uploads', async () => {
    setup({
      viewer: producer,
      profile: makeProfile(OWNER_ID, { beats_count: 0, recent_beats: [] }),
      at: `/profile/${OWNER_ID}?tab=uploads`,
    });
    expect(await screen.findByText('No beats uploaded yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Uploads' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists reviews linking to their beats', async () => {
    setup({
      viewer: null,
      at: `/profile/${OWNER_ID}?tab=reviews`,
      handlers: {
        [`GET /api/users/${OWNER_ID}/reviews`]: () =>
          jsonResponse([
            makeUserReview({
              beat_id: '66666666-6666-4666-8666-666666666666',
              beat_title: 'Cold Nights',
              rating: 4,
              review: 'Huge drums.',
            }),
          ]),
      },
    });
    const link = await screen.findByRole('link', { name: 'Cold Nights' });
    expect(link).toHaveAttribute('href', '/beats/66666666-6666-4666-8666-666666666666');
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('Huge drums.')).toBeInTheDocument();
  });

  it('says Profile not found for an unknown user', async () => {
    setup({ viewer: null, profile: null });
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByText("This user profile doesn't exist or has been removed")).toBeInTheDocument();
  });
});
