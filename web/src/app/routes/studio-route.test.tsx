import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { createTestQueryClient } from '../../test/render';
import { App } from '../app';

// /studio/:beatId as the app routes it: members only.

describe('/studio/:beatId', () => {
  beforeEach(() => {
    useSignInDialog.setState({ isOpen: false, onClose: null });
  });

  it('asks a visitor to sign in, and the button opens the sign-in dialog', async () => {
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    const user = userEvent.setup();
    render(
      <App
        createRouter={(routes) =>
          createMemoryRouter(routes, { initialEntries: ['/studio/33333333-3333-4333-8333-333333333333'] })
        }
        queryClient={createTestQueryClient()}
      />,
    );
    const prompt = await screen.findByRole(
      'heading',
      { name: 'Sign in to use the studio' },
      { timeout: 15_000 },
    );
    // Nothing of the studio is asked for a visitor.
    expect(api.requests.some((request) => request.path.startsWith('/api/studio'))).toBe(false);
    // The prompt's own Sign In (the header has one too).
    await user.click(within(prompt.closest('section')!).getByRole('button', { name: 'Sign In' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
  });
});
