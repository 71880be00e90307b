import { PROFILE_RESTRICTED_MESSAGES } from '@beatroom/shared/settings-constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeProfile, producer } from '../../test/fixtures';
import { jsonResponse } from '../../test/mock-fetch';
import { OWNER_ID, renderProfile } from './profile-route.test-setup';

// What another viewer sees of a followers-only or private profile (the profileVisibility setting):
// the header, and the reason instead of the stats and tabs.

describe('a restricted profile', () => {
  it('shows the header and "This profile is private", without stats or tabs', async () => {
    const profile = makeProfile(OWNER_ID, { restricted: 'private', beats_count: 0, recent_beats: [] });
    renderProfile({ viewer: listener, profile });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Beats' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: PROFILE_RESTRICTED_MESSAGES.private })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.queryByText('Followers', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('asks a visitor of a followers-only profile to follow, and opens it once they do', async () => {
    let following = false;
    const { user } = renderProfile({
      viewer: listener,
      profile: null,
      handlers: {
        [`GET /api/users/${OWNER_ID}/profile`]: () =>
          jsonResponse(
            following ? makeProfile(OWNER_ID) : makeProfile(OWNER_ID, { restricted: 'followers' }),
          ),
        [`POST /api/users/${OWNER_ID}/follow`]: () => {
          following = true;
          return jsonResponse({ isFollowing: true });
        },
      },
    });

    expect(
      await screen.findByText('Follow Nova Beats to see their stats, beats, favorites and reviews.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Follow/ }));
    expect(await screen.findByRole('tablist', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_RESTRICTED_MESSAGES.followers)).not.toBeInTheDocument();
  });

  it('is shown in full to its owner', async () => {
    renderProfile({ viewer: producer, profile: makeProfile(OWNER_ID, { restricted: null }) });
    expect(await screen.findByRole('tablist', { name: 'Profile' })).toBeInTheDocument();
  });
});
