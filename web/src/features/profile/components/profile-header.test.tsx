import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeProfile, producer } from '../../../test/fixtures';
import { stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ProfileHeader } from './profile-header';

function renderHeader(viewerId: string | null, overrides: Parameters<typeof makeProfile>[1] = {}) {
  stubFetch();
  return renderRoutes([
    {
      path: '/',
      element: (
        <ProfileHeader
          data={makeProfile(producer.id, overrides)}
          viewerId={viewerId}
          onEditProfile={() => {}}
        />
      ),
    },
    { path: '/earnings', element: <p>Earnings page</p> },
  ]);
}

describe('ProfileHeader: the way to Earnings', () => {
  it('links a producer’s own profile to their Earnings', async () => {
    const { user, router } = renderHeader(producer.id);
    await user.click(screen.getByRole('link', { name: 'Earnings' }));
    expect(router.state.location.pathname).toBe('/earnings');
  });

  it('offers it neither to visitors nor on the profile of someone who is not a producer', () => {
    const visitor = renderHeader(listener.id);
    expect(screen.getByRole('button', { name: /Follow/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Earnings' })).not.toBeInTheDocument();
    visitor.unmount();
    renderHeader(producer.id, { beats_count: 0, profile: { user_role: 'vocalist' } });
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Earnings' })).not.toBeInTheDocument();
  });
});

describe('ProfileHeader: the plan badge', () => {
  it('shows the badge of the user’s plan beside the name, to everyone', () => {
    renderHeader(listener.id, { profile: { badge: 'PRO' } });
    const heading = screen.getByRole('heading', { level: 1 });
    const badge = screen.getByTitle('PRO');
    expect(badge).toHaveTextContent('PRO');
    // Beside the name: in the same line as the heading.
    expect(heading.parentElement).toContainElement(badge);
  });

  it('shows none without a plan badge', () => {
    renderHeader(listener.id, { profile: { badge: null } });
    expect(screen.queryByTitle('PRO')).not.toBeInTheDocument();
  });
});
