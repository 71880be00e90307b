import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPlayerStore, usePlayerStore } from '../../features/player/store/player-store';
import { makeBeat } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { HomePage } from './home-page';

beforeEach(() => resetPlayerStore());

describe('the home page', () => {
  it('plays a card’s beat in the player, marks it current, then pauses it', async () => {
    stubFetch({
      'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401),
      'GET /api/beats': () => jsonResponse([makeBeat()]),
    });
    const { user } = renderRoutes([{ path: '/', element: <HomePage /> }]);
    const card = await screen.findByRole('article', { name: 'Midnight Run' });
    const play = within(card).getByRole('button', { name: 'Play Midnight Run' });
    expect(play).not.toHaveAttribute('data-current');

    await user.click(play);
    expect(usePlayerStore.getState()).toMatchObject({ isPlaying: true, showPlayer: true });
    expect(usePlayerStore.getState().currentBeat?.id).toBe(makeBeat().id);
    expect(within(card).getByRole('button', { name: 'Pause Midnight Run' })).toHaveAttribute('data-current');

    await user.click(within(card).getByRole('button', { name: 'Pause Midnight Run' }));
    expect(usePlayerStore.getState().isPlaying).toBe(false);
    // Still the player's beat, so the card stays marked.
    expect(within(card).getByRole('button', { name: 'Play Midnight Run' })).toHaveAttribute('data-current');
  });
});
