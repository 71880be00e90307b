import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { HERO_SEEN_KEY, HomeHero } from './home-hero';

beforeEach(() => localStorage.clear());

function show() {
  stubFetch();
  return renderRoutes([{ path: '/', element: <HomeHero /> }]);
}

describe('the home hero', () => {
  it('is the full band on a first visit, and remembers it was seen', () => {
    show();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Find the beat that makes your next hit' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Beats, licences and vocals in one place')).toBeInTheDocument();
    expect(localStorage.getItem(HERO_SEEN_KEY)).toBe('1');
  });

  it('is one compact line once seen, so the beats move up into the first screen', () => {
    localStorage.setItem(HERO_SEEN_KEY, '1');
    show();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Find the beat that makes your next hit' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Beats, licences and vocals in one place')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Beats' })).toHaveAttribute('href', '#beats');
    expect(screen.getByRole('link', { name: 'Free Beats' })).toHaveAttribute('href', '/?free=true');
  });
});
