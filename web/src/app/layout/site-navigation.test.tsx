import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { Header } from './header';
import { SiteFooter } from './site-footer';

// Challenges, the collaboration board, the activity feed and live sessions have links: the
// header's Community menu (also in the phone's nav row) and the footer, with the legal pages.

function show(path = '/') {
  stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
  const page = (
    <>
      <Header />
      <main>page</main>
      <SiteFooter />
    </>
  );
  return renderRoutes(
    [
      { path: '/', element: page },
      { path: '*', element: page },
    ],
    { initialEntry: path },
  );
}

describe('finding the community areas', () => {
  it('the header has a Community menu: Challenges, Collaborations, Activity and Live sessions › Join a session', async () => {
    const { user, router } = show();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Community' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/challenges',
      '/collaborations',
      '/activity',
      '/studio/collaborate',
    ]);
    expect(within(menu).getByText('Live sessions')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /Join a session/ }));
    expect(router.state.location.pathname).toBe('/studio/collaborate');
  });

  it('the footer links the sections, support and the legal pages', () => {
    show();
    const footer = screen.getByRole('contentinfo');
    const href = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(href('Challenges')).toBe('/challenges');
    expect(href('Collaborations')).toBe('/collaborations');
    expect(href('Activity')).toBe('/activity');
    expect(href('Join a session')).toBe('/studio/collaborate');
    expect(href('Free Beats')).toBe('/?free=true');
    expect(href('Support Center')).toBe('/support');
    expect(href('Terms of Service')).toBe('/terms');
    expect(href('Privacy Policy')).toBe('/privacy');
  });
});
