import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectBrowser } from '../../../lib/browser-location';
import { deferred, jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { SignInButton } from './sign-in-button';
import { SignInDialog } from './sign-in-dialog';

vi.mock('../../../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

function renderDialog() {
  const user = userEvent.setup();
  // A router: the dialog links the Terms of Service and the Privacy Policy.
  render(
    <MemoryRouter>
      <SignInButton />
      <SignInDialog />
    </MemoryRouter>,
  );
  return user;
}

describe('SignInDialog', () => {
  beforeEach(() => {
    useSignInDialog.setState({ isOpen: false, onClose: null });
  });
  afterEach(() => {
    vi.mocked(redirectBrowser).mockReset();
  });

  it('opens from the Sign In button with its texts', async () => {
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Beatroom' });
    expect(dialog).toHaveTextContent('Terms of Service and Privacy Policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveFocus();
  });

  it('reads Redirecting... while working, then sends the browser to the provider', async () => {
    const answer = deferred<Response>();
    const api = stubFetch({ 'GET /api/oauth/google/redirect_url': () => answer.promise });
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    const working = screen.getByRole('button', { name: 'Redirecting...' });
    expect(working).toBeDisabled();
    expect(api.calls('GET /api/oauth/google/redirect_url')[0]?.init?.credentials).toBe('include');

    await act(async () => answer.resolve(jsonResponse({ redirectUrl: 'https://accounts.example/auth?x=1' })));
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(screen.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  });

  it('asks the server to bring the visitor back to the page they signed in from', async () => {
    window.history.pushState(null, '', '/support/ticket/TKT-42?from=mail');
    try {
      const api = stubFetch({
        'GET /api/oauth/google/redirect_url': () =>
          jsonResponse({ redirectUrl: 'https://accounts.example/a' }),
      });
      const user = renderDialog();
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
      await waitFor(() => expect(redirectBrowser).toHaveBeenCalled());
      const [call] = api.calls('GET /api/oauth/google/redirect_url');
      expect(call?.query.get('return_to')).toBe('/support/ticket/TKT-42?from=mail');
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('logs a failure and resets the button', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/oauth/google/redirect_url': () => jsonResponse({ error: 'Boom' }, 503) });
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(button).toBeEnabled();
    expect(error).toHaveBeenCalledWith(
      'Failed to get login redirect URL: API responded with HTTP status 503',
    );
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('closes on Escape and runs the opener’s onClose', async () => {
    const onClose = vi.fn();
    const user = renderDialog();
    act(() => useSignInDialog.getState().open({ onClose }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSignInDialog.getState().isOpen).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
