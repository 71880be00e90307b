import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInDialog } from '../features/auth/store/sign-in-dialog-store';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { createTestQueryClient } from '../test/render';
import { App } from './app';
import { appRoutes } from './routes';
import { ada } from '../test/session-fixtures';

const signedOut = () =>
  stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });

function renderApp(path = '/') {
  const user = userEvent.setup();
  render(
    <App
      createRouter={(routes) => createMemoryRouter(routes, { initialEntries: [path] })}
      queryClient={createTestQueryClient()}
    />,
  );
  return user;
}

describe('App shell', () => {
  beforeEach(() => {
    useSignInDialog.setState({ isOpen: false, onClose: null });
  });

  it('declares every route of the full route table, plus a catch-all', () => {
    const paths = appRoutes[0]?.children?.map((route) => (route.index ? '/' : `/${route.path}`));
    expect(paths).toEqual([
      '/',
      '/auth/callback',
      '/profile/:userId',
      '/beat/:beatId',
      '/beats/:beatId',
      '/upload',
      '/downloads',
      '/settings',
      '/admin',
      '/admin/support/ticket/:ticketNumber',
      '/notifications',
      '/my-recordings',
      '/support',
      '/support/ticket/:ticketNumber',
      '/studio/:beatId',
      '/studio/collaborate/create',
      '/studio/collaborate/:sessionCode',
      '/challenges',
      '/challenges/:id',
      '/collaborations',
      '/collaborations/:id',
      '/activity',
      '/*',
    ]);
  });

  it('renders the signed-out shell: header, nav, hero and Sign In', async () => {
    signedOut();
    renderApp('/');

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Beatroom home' })).toHaveAttribute('href', '/');
    expect(within(header).getByText('Premium Beat Marketplace')).toBeInTheDocument();
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Free Beats' })).toHaveAttribute('href', '/?free=true');
    expect(within(nav).getByRole('button', { name: 'Genres' })).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Beats' })).toBeInTheDocument();
  });

  it('the genres menu links to the home page filtered by genre', async () => {
    signedOut();
    const user = renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Genres' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(7);
    expect(within(menu).getByRole('menuitem', { name: 'Hip-Hop' })).toHaveAttribute(
      'href',
      '/?genre=Hip-Hop',
    );
    expect(within(menu).getByRole('menuitem', { name: 'R&B' })).toHaveAttribute('href', '/?genre=R%26B');
  });

  it('opens the sign-in dialog from the header', async () => {
    signedOut();
    const user = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('shows the user menu for a signed-in user', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse(ada) });
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'User menu for Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it.each(['/downloads', '/studio/collaborate/create', '/no/such/page'])(
    'renders the Not Found page with a way home for %s',
    async (path) => {
      signedOut();
      renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    },
  );

  it('still renders the signed-out shell when the API cannot be reached', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch user: Failed to fetch');
  });
});
