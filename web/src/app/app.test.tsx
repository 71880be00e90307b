import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, matchRoutes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInDialog } from '../features/session/store/sign-in-dialog-store';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { createTestQueryClient } from '../test/render';
import { App } from './app';
import { appRoutes } from './routes';
import { NotFoundPage } from './routes/not-found-page';
import { ada } from '../test/fixtures';

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
  beforeAll(async () => {
    // The header loads the member controls lazily. When jsdom renders them while the layout's other
    // lazy parts are loading too, vitest's module runner can wait forever on their shared imports
    // (the browser build has no such step: the sign-in journeys cover it); loaded up front here.
    await import('./layout/member-controls');
  });
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
      '/checkout/local/:orderId',
      '/checkout/local/account/:paymentId',
      '/downloads',
      '/cart',
      '/earnings',
      '/dashboard',
      '/settings',
      '/admin',
      '/admin/support/ticket/:ticketNumber',
      '/notifications',
      '/my-recordings',
      '/support',
      '/support/ticket/:ticketNumber',
      '/studio/:beatId',
      '/studio/collaborate/create',
      '/studio/collaborate',
      '/studio/collaborate/:sessionCode',
      '/challenges',
      '/challenges/:id',
      '/collaborations',
      '/collaborations/:id',
      '/activity',
      '/terms',
      '/privacy',
      '/*',
    ]);
  });

  it('renders the signed-out shell: header, nav, hero and Sign In', async () => {
    signedOut();
    renderApp('/');

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /^Beatroom/ })).toHaveAttribute('href', '/');
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

    expect(await screen.findByRole('button', { name: 'Ada, user menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('renders the Not Found page with a way home for a path outside the route table', async () => {
    signedOut();
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('asks a visitor on a support ticket to sign in', async () => {
    signedOut();
    renderApp('/support/ticket/T-000123');

    const prompt = (await screen.findByRole('heading', { name: 'Sign in to see your ticket' })).closest(
      'section',
    )!;
    expect(within(prompt).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('gives a visitor at /downloads the sign-in dialog, and closing it returns to /', async () => {
    signedOut();
    const user = userEvent.setup();
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    render(
      <App
        createRouter={(routes) => (router = createMemoryRouter(routes, { initialEntries: ['/downloads'] }))}
        queryClient={createTestQueryClient()}
      />,
    );

    expect(await screen.findByRole('dialog', { name: 'Welcome to Beatroom' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in to see your downloads' })).not.toBeInTheDocument();
  });

  it('never sends an entry of the user menu to Page not found', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ ...ada, isAdmin: true }) });
    const user = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ada, user menu' }));
    const menu = await screen.findByRole('menu');
    const targets = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.getAttribute('href'))
      .filter((href): href is string => href !== null);
    expect(targets).toContain('/downloads');
    expect(targets).toContain('/admin');

    for (const target of targets) {
      const leaf = matchRoutes(appRoutes, target)?.at(-1)?.route;
      expect(leaf?.path, target).not.toBe('*');
      expect((leaf?.element as { type?: unknown } | undefined)?.type, target).not.toBe(NotFoundPage);
    }
  });

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
