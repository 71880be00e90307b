import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { screen } from '@testing-library/react';
import { makeProfile, producer } from '../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { ProfileRoute } from './profile-route';

// The profile page as the app composes it (the profile feature with the catalogue's cards and
// Manage Beat in its slots), on a stubbed server: shared by the profile route's test files.

export const OWNER_ID = producer.id;

export function renderProfile({
  viewer,
  profile = makeProfile(OWNER_ID),
  handlers = {},
  at = `/profile/${OWNER_ID}`,
}: {
  viewer: SessionUser | null;
  profile?: ProfileResponse | null;
  handlers?: Record<string, FetchHandler>;
  at?: string;
}) {
  const base = `/api/users/${OWNER_ID}`;
  const api = stubFetch({
    'GET /api/users/me': () =>
      viewer ? jsonResponse(viewer) : jsonResponse({ error: 'Not signed in' }, 401),
    [`GET ${base}/profile`]: () =>
      profile ? jsonResponse(profile) : jsonResponse({ error: 'Profile not found' }, 404),
    [`GET ${base}/follow-status`]: () => jsonResponse({ isFollowing: false }),
    [`POST ${base}/follow`]: () => jsonResponse({ isFollowing: true }),
    [`DELETE ${base}/follow`]: () => jsonResponse({ isFollowing: false }),
    [`GET ${base}/beats`]: () => jsonResponse(profile?.recent_beats ?? []),
    [`GET ${base}/favorites`]: () => jsonResponse([]),
    [`GET ${base}/reviews`]: () => jsonResponse([]),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/profile/:userId', element: <ProfileRoute /> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: at },
  );
  return { ...view, api };
}

/** The figure of a stat tile, by its label. */
export const tile = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
