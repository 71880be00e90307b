import { defaultCollabSessionData } from '@beatroom/shared/collab-sessions-contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { makeCollabSession } from '../collab-fixtures.test-setup';
import { CollabSessionPage } from './collab-session-page';

const session = makeCollabSession({ session_data: defaultCollabSessionData(0), server_time: 0 });

function show(path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, null);
  const createAudio = vi.fn();
  // These pages end before the live studio: neither its sound nor its timeline is reached.
  const Timeline = vi.fn(() => null);
  const page = <CollabSessionPage createAudio={createAudio} Timeline={Timeline} />;
  return renderRoutes(
    [
      { path: '/studio/collaborate', element: page },
      { path: '/studio/collaborate/:sessionCode', element: page },
    ],
    { initialEntry: path, queryClient },
  );
}

describe('the collaborative session page for visitors and bad codes', () => {
  it('asks a visitor to sign in to join, naming the session; the button opens the sign-in dialog', async () => {
    const api = stubFetch({ 'GET /api/collaborative-sessions/code/ABCDEFGHJK': () => jsonResponse(session) });
    const { user } = show('/studio/collaborate/ABCDEFGHJK');
    expect(await screen.findByRole('heading', { name: 'Join Collaborative Session' })).toBeInTheDocument();
    expect(screen.getByText('Friday Jam · Groove')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In to Join' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
    expect(api.calls('POST /api/collaborative-sessions/join/ABCDEFGHJK')).toHaveLength(0);
  });

  it("shows 'Session Not Found' with the server's 404 text and the ways on", async () => {
    stubFetch({
      'GET /api/collaborative-sessions/code/ZZZZZZZZZZ': () =>
        jsonResponse({ error: 'Session not found or has ended' }, 404),
    });
    show('/studio/collaborate/ZZZZZZZZZZ');
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Session not found or has ended')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collaborations' })).toHaveAttribute(
      'href',
      '/collaborations',
    );
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('without a code asks for one: a wrong code says not found, a right one opens the session', async () => {
    stubFetch({
      'GET /api/collaborative-sessions/code/ZZZZZZZZZZ': () =>
        jsonResponse({ error: 'Session not found or has ended' }, 404),
      'GET /api/collaborative-sessions/code/ABCDEFGHJK': () => jsonResponse(session),
    });
    const { user, router } = show('/studio/collaborate');
    expect(await screen.findByRole('heading', { name: 'Join a session' })).toBeInTheDocument();
    const field = screen.getByLabelText('Session code');

    await user.click(screen.getByRole('button', { name: 'Join session' }));
    expect(screen.getByText('No session code provided')).toBeInTheDocument();

    await user.type(field, 'zzzz-zzzz-zz');
    await user.click(screen.getByRole('button', { name: 'Join session' }));
    expect(await screen.findByText('Session not found or has ended')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/studio/collaborate');

    await user.clear(field);
    await user.type(field, 'abcdefghjk');
    await user.click(screen.getByRole('button', { name: 'Join session' }));
    expect(await screen.findByRole('heading', { name: 'Join Collaborative Session' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio/collaborate/ABCDEFGHJK');
  });
});
