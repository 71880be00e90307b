import type { SessionUser } from '@beatroom/shared/auth-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlayerStore, usePlayerStore } from '../../features/player/store/player-store';
import { usePromoteDialog } from '../../features/promotions/store/promote-dialog-store';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { TOAST_EVENT } from '../../lib/toast';
import {
  listener,
  makeBeatAnalytics,
  makeBeatDetail,
  makeBeatReview,
  makeBeatReviews,
  makeProfile,
  makePublicRecording,
  producer,
} from '../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler, type RecordedRequest } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { BeatRoute } from './beat-route';
import { ProfileRoute } from './profile-route';

// The beat page as the app composes it: the beat-detail feature with the player, favourites,
// reviews, the producer's badges, Manage Beat and Promote in its slots.

const beat = makeBeatDetail({ is_featured: true, created_at: '2026-11-01T12:00:00.000Z' });
const path = `/api/beats/${beat.id}`;

function setup(
  user: SessionUser | null,
  handlers: Record<string, FetchHandler> = {},
  at = `/beat/${beat.id}`,
) {
  const api = stubFetch({
    'GET /api/users/me': () => (user ? jsonResponse(user) : jsonResponse({ error: 'Not signed in' }, 401)),
    [`GET ${path}`]: () => jsonResponse(beat),
    [`GET ${path}/rating-summary`]: () => jsonResponse({ averageRating: 4.5, totalRatings: 2 }),
    [`GET ${path}/reviews`]: () =>
      jsonResponse(makeBeatReviews({ averageRating: 4.5, totalRatings: 2, reviews: [makeBeatReview()] })),
    [`GET ${path}/public-recordings`]: () => jsonResponse([]),
    'GET /api/users/me/favorite-beat-ids': () => jsonResponse({ beatIds: [beat.id] }),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/beat/:beatId', element: <BeatRoute /> },
      { path: '/beats/:beatId', element: <BeatRoute /> },
      { path: '/profile/:userId', element: <ProfileRoute /> },
      { path: '/studio/:beatId', element: <p>Studio</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: at },
  );
  return { ...view, api };
}

beforeEach(() => {
  resetPlayerStore();
  useSignInDialog.setState({ isOpen: false, onClose: null });
});

describe('the beat page', () => {
  it('shows the beat: cover initial, FEATURED, price, producer, counts, details, reviews and covers', async () => {
    setup(null, {}, `/beats/${beat.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Run' })).toBeInTheDocument();
    expect(screen.getByText('FEATURED')).toBeInTheDocument();
    expect(screen.getAllByText('$29.99')[0]).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nova Beats' })).toHaveAttribute(
      'href',
      `/profile/${beat.user_id}`,
    );
    expect(screen.getByText('1.5K plays')).toBeInTheDocument();
    expect(screen.getByText('42 downloads')).toBeInTheDocument();
    expect(screen.getByText('Dark keys and hard drums.')).toBeInTheDocument();

    // The sections below the player are built after it (Deferred).
    const details = await screen.findByRole('region', { name: 'Beat Details' });
    expect(details).toHaveTextContent('GenreTrap');
    expect(details).toHaveTextContent('BPM140');
    expect(details).toHaveTextContent('KeyC#');
    expect(details).toHaveTextContent('MoodDark');
    expect(details).toHaveTextContent('Duration2:05');
    expect(details).toHaveTextContent('ReleasedNov 1, 2026');

    const reviews = screen.getByRole('region', { name: 'Reviews & Ratings' });
    expect(await within(reviews).findByText('Instant classic.')).toBeInTheDocument();
    expect(within(reviews).getByText('4.5')).toBeInTheDocument();
    expect(within(reviews).getByText('2 ratings')).toBeInTheDocument();
    expect(within(reviews).getByText('3 minutes ago')).toBeInTheDocument();

    const covers = screen.getByRole('region', { name: 'Community Vocal Covers' });
    expect(await within(covers).findByRole('button', { name: 'Record Now' })).toBeInTheDocument();
  });

  it('for a visitor: Record Vocals opens sign-in; Rate Beat and Favorite are disabled; no Manage Beat', async () => {
    const { user } = setup(null);
    await screen.findByRole('heading', { level: 1, name: 'Midnight Run' });
    expect(screen.getAllByRole('button', { name: 'Rate Beat' })[0]).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Favorite' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Manage Beat' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record Vocals' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
    useSignInDialog.setState({ isOpen: false });
    await user.click(screen.getByRole('button', { name: 'Record Together' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
  });

  it('for a member: Favorited from the server, Record Vocals goes to the studio', async () => {
    const { user, router, api } = setup(listener);
    expect(await screen.findByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls('GET /api/users/me/favorite-beat-ids')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Rate Beat' })[0]).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Record Vocals' }));
    expect(router.state.location.pathname).toBe(`/studio/${beat.id}`);
  });

  it('for a member: Record Together opens a collaborative session over the beat', async () => {
    const { user, router } = setup(listener);
    await user.click(await screen.findByRole('button', { name: 'Record Together' }));
    expect(router.state.location.pathname).toBe('/studio/collaborate/create');
    expect(router.state.location.search).toBe(`?beat=${beat.id}`);
  });

  const ownerHandlers: Record<string, FetchHandler> = {
    [`GET ${path}/analytics`]: () => jsonResponse(makeBeatAnalytics()),
    [`DELETE ${path}`]: () => new Response(null, { status: 204 }),
  };

  it('for the owner: Manage Beat, and Rate Beat is not offered on one’s own beat', async () => {
    setup(producer, ownerHandlers);
    expect(await screen.findByRole('button', { name: 'Manage Beat' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Rate Beat' })[0]).toBeDisabled());
  });

  it('for the owner: Promote opens Promote Your Beat for this beat; nobody else sees it', async () => {
    usePromoteDialog.setState({ beat: null, onPromoted: null });
    const { user } = setup(producer, ownerHandlers);
    await user.click(await screen.findByRole('button', { name: `Promote ${beat.title}` }));
    expect(usePromoteDialog.getState().beat).toEqual({ id: beat.id, title: beat.title });
  });

  it('offers Promote neither to a member who is not the owner nor on a beat sold exclusively', async () => {
    const member = setup(listener);
    await screen.findByRole('button', { name: 'Favorited' });
    expect(screen.queryByRole('button', { name: /^Promote/ })).not.toBeInTheDocument();
    member.unmount();

    setup(producer, {
      ...ownerHandlers,
      [`GET ${path}`]: () => jsonResponse({ ...beat, sold_exclusively: true }),
    });
    expect(await screen.findByRole('button', { name: 'Manage Beat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Promote/ })).not.toBeInTheDocument();
  });

  it('leaves for home once the owner deletes the beat from Manage Beat, and the player forgets it', async () => {
    usePlayerStore.getState().play(beat);
    const { user, router, api } = setup(producer, ownerHandlers);
    await user.click(await screen.findByRole('button', { name: 'Manage Beat' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Beat' }));
    await user.click(screen.getByRole('button', { name: 'Delete Beat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls(`DELETE ${path}`)).toHaveLength(1);
    expect(usePlayerStore.getState().queue).toEqual([]);
  });

  it('plays the beat in the player from its page', async () => {
    const { user } = setup(null);
    await user.click(await screen.findByRole('button', { name: 'Play Midnight Run' }));
    expect(usePlayerStore.getState().currentBeat?.id).toBe(beat.id);
    expect(usePlayerStore.getState().currentBeat).not.toHaveProperty('peaks');
    expect(screen.getByRole('button', { name: 'Pause Midnight Run' })).toBeInTheDocument();
  });

  it('Share copies the link and says so when there is no share sheet', async () => {
    const toasts = vi.fn();
    window.addEventListener(TOAST_EVENT, toasts);
    const { user } = setup(null);
    // user-event puts a clipboard of its own on navigator.
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toasts).toHaveBeenCalled());
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/beat/${beat.id}`);
    expect((toasts.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({ title: 'Link copied' });
    window.removeEventListener(TOAST_EVENT, toasts);
  });

  it('shows Beat not found with a way home', async () => {
    setup(null, { [`GET /api/beats/42`]: () => jsonResponse({ error: 'Beat not found' }, 404) }, '/beat/42');
    expect(await screen.findByRole('heading', { name: 'Beat not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Beats' })).toHaveAttribute('href', '/');
  });

  it('shows the producer’s badges from the profile’s one query: a profile edit shows at once', async () => {
    let profile = makeProfile(producer.id, { profile: { user_role: 'producer' } });
    const { user, router, api } = setup(producer, {
      [`GET /api/users/${producer.id}/profile`]: () => jsonResponse(profile),
      [`GET /api/users/${producer.id}/beats`]: () => jsonResponse([beat]),
      [`GET /api/users/${producer.id}/favorites`]: () => jsonResponse([]),
      [`GET /api/users/${producer.id}/reviews`]: () => jsonResponse([]),
      'PUT /api/profile': ({ body }: RecordedRequest) => {
        profile = makeProfile(producer.id, { profile: body as { user_role: string } });
        return jsonResponse(profile);
      },
    });
    expect(await screen.findByText('Producer')).toBeInTheDocument();

    // Inside act: the router navigates in a transition, which must be let finish here.
    await act(() => router.navigate(`/profile/${producer.id}`));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.selectOptions(within(dialog).getByLabelText('Music role'), 'Vocalist');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /api/profile')).toHaveLength(1);

    await act(() => router.navigate(`/beat/${beat.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Run' })).toBeInTheDocument();
    expect(await screen.findByText('Vocalist')).toBeInTheDocument();
    expect(screen.queryByText('Producer')).not.toBeInTheDocument();
  });

  it('plays one sound at a time: a vocal cover pauses the player, and the player the cover', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    const { user } = setup(null, {
      [`GET ${path}/public-recordings`]: () =>
        jsonResponse([makePublicRecording({ recording_name: 'Late Night Take' })]),
    });

    await user.click(await screen.findByRole('button', { name: 'Play Midnight Run' }));
    expect(usePlayerStore.getState().isPlaying).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Play Late Night Take' }));
    expect(usePlayerStore.getState().isPlaying).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause Late Night Take' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Midnight Run' }));
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    expect(await screen.findByRole('button', { name: 'Play Late Night Take' })).toBeInTheDocument();
  });
});
