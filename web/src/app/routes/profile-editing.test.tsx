import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBeat, makeBeatAnalytics, makeProfile, producer } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { Header } from '../layout/header';
import { ProfileRoute } from './profile-route';
import { OWNER_ID, renderProfile as setup, tile } from './profile-route.test-setup';

// The owner's side of the profile page: managing uploads and editing the profile.
describe('one’s own profile', () => {
  describe('managing an upload from My Uploads', () => {
    const keep = makeBeat({ id: '44444444-4444-4444-8444-444444444444', title: 'Keeper' });
    const doomed = makeBeat({ id: '55555555-5555-4555-8555-555555555555', title: 'Paid Heat' });
    const analytics = makeBeatAnalytics();

    /** A server whose owner has `beats`; DELETE and PUT change what the profile routes answer. */
    function ownerSetup() {
      let beats = [keep, doomed];
      const profile = () => makeProfile(OWNER_ID, { beats_count: beats.length, recent_beats: beats });
      return setup({
        viewer: producer,
        at: `/profile/${OWNER_ID}?tab=uploads`,
        handlers: {
          [`GET /api/users/${OWNER_ID}/profile`]: () => jsonResponse(profile()),
          [`GET /api/users/${OWNER_ID}/beats`]: () => jsonResponse(beats),
          [`GET /api/beats/${doomed.id}/analytics`]: () => jsonResponse(analytics),
          [`DELETE /api/beats/${doomed.id}`]: () => {
            beats = beats.filter((b) => b.id !== doomed.id);
            return new Response(null, { status: 204 });
          },
          [`PUT /api/beats/${doomed.id}/edit`]: ({ body }) => {
            const title = (body as { title: string }).title;
            beats = beats.map((b) => (b.id === doomed.id ? { ...b, title } : b));
            return jsonResponse({ ...doomed, title });
          },
        },
      });
    }

    it('deletes and stays on the profile: the row goes and the Beats count updates', async () => {
      const { user, router, api } = ownerSetup();
      const list = await screen.findByRole('list', { name: 'My Uploads' });
      expect(tile('Beats')).toBe('2');
      await user.click(within(list).getByRole('button', { name: 'Edit Paid Heat' }));
      await user.click(await screen.findByRole('button', { name: 'Delete Beat' }));
      await user.click(screen.getByRole('button', { name: 'Delete Beat' }));

      await waitFor(() => expect(within(list).queryByText('Paid Heat')).not.toBeInTheDocument());
      expect(within(list).getByText('Keeper')).toBeInTheDocument();
      await waitFor(() => expect(tile('Beats')).toBe('1'));
      expect(router.state.location.pathname).toBe(`/profile/${OWNER_ID}`);
      expect(router.state.location.search).toBe('?tab=uploads');
      expect(screen.getByRole('tab', { name: 'My Uploads' })).toHaveAttribute('aria-selected', 'true');
      expect(api.calls(`DELETE /api/beats/${doomed.id}`)).toHaveLength(1);
    });

    it('refreshes the uploads after an edit, and not after a mere Cancel', async () => {
      const { user, api } = ownerSetup();
      const list = await screen.findByRole('list', { name: 'My Uploads' });
      const profileCalls = () => api.calls(`GET /api/users/${OWNER_ID}/profile`).length;
      const before = profileCalls();

      await user.click(within(list).getByRole('button', { name: 'Edit Paid Heat' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(profileCalls()).toBe(before);

      await user.click(within(list).getByRole('button', { name: 'Edit Paid Heat' }));
      const title = await screen.findByLabelText('Title');
      await user.clear(title);
      await user.type(title, 'Paid Heat II');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await within(list).findByText('Paid Heat II')).toBeInTheDocument();
      expect(profileCalls()).toBeGreaterThan(before);
    });
  });

  it('edits the profile: client checks inline, server errors beside their field, then saves', async () => {
    let saved: unknown;
    const { user, api } = setup({
      viewer: producer,
      handlers: {
        'PUT /api/profile': (request) => {
          saved = request.body;
          const body = request.body as { display_name?: string };
          return body.display_name === 'Taken'
            ? jsonResponse({ error: 'display_name: Display name is already taken' }, 400)
            : jsonResponse(makeProfile(OWNER_ID, { profile: { display_name: body.display_name ?? null } }));
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByText('All roles are free and the picker is display only')).toBeInTheDocument();
    expect(within(dialog).getByText(/up to 5MB/)).toBeInTheDocument();
    expect(within(dialog).getByText(/up to 10MB/)).toBeInTheDocument();

    const website = within(dialog).getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Website must be an http(s) URL')).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT /api/profile')).toHaveLength(0);

    await user.clear(website);
    const name = within(dialog).getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Display name is already taken')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.clear(name);
    await user.type(name, 'Nova Prime');
    await user.selectOptions(within(dialog).getByLabelText('Music role'), 'Sound Engineer');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toMatchObject({
      display_name: 'Nova Prime',
      user_role: 'sound_engineer',
      website_url: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Prime' })).toBeInTheDocument();
  });

  it('shows one’s new display name and picture in the header at once after saving the profile', async () => {
    const key = 'images/0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c.jpg';
    const api = stubFetch({
      'GET /api/users/me': () => jsonResponse(producer),
      [`GET /api/users/${OWNER_ID}/profile`]: () => jsonResponse(makeProfile(OWNER_ID)),
      [`GET /api/users/${OWNER_ID}/follow-status`]: () => jsonResponse({ isFollowing: false }),
      'GET /api/notifications/unread-count': () => jsonResponse({ count: 0 }),
      'PUT /api/profile': () =>
        jsonResponse(
          makeProfile(OWNER_ID, { profile: { display_name: 'Nova Prime', profile_image_key: key } }),
        ),
    });
    const { user } = renderRoutes(
      [
        {
          path: '/profile/:userId',
          element: (
            <>
              <Header />
              <ProfileRoute />
            </>
          ),
        },
      ],
      { initialEntry: `/profile/${OWNER_ID}` },
    );
    const menu = await screen.findByRole('button', { name: 'Nova Beats, user menu' });

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const name = within(dialog).getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Nova Prime');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    // Not after a sign-out, and without asking the server who is signed in again.
    expect(await screen.findByRole('button', { name: 'Nova Prime, user menu' })).toBe(menu);
    expect(menu.querySelector('img')).toHaveAttribute('src', `/api/files/${key}`);
    expect(api.calls('GET /api/users/me')).toHaveLength(1);
  });
});
