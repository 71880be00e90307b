import { describe, expect, it } from 'vitest';
import { SavedPlayerState } from './player-saved-state';
import { restorePlayerState, toSavedPlayerState } from './player-saved-state-rules';
import { DEFAULT_PLAYER_STATE } from './player-state';
import { entry, expectConsistent, ids, stateWith } from './player.test-setup';

describe('saved state', () => {
  it('saves the queue, index, volume, repeat and shuffle, and nothing else', () => {
    const state = stateWith(['a', 'b'], 1, { volume: 0.5, repeat: 'one', shuffle: true, currentTime: 33 });
    expect(toSavedPlayerState(state)).toEqual({
      queue: [entry('a'), entry('b')],
      currentIndex: 1,
      volume: 0.5,
      repeat: 'one',
      shuffle: true,
    });
  });

  it('restores only the first saved queue entry, paused, with volume, repeat and shuffle', () => {
    const saved = SavedPlayerState.parse(
      JSON.parse(
        JSON.stringify(
          toSavedPlayerState(stateWith(['a', 'b', 'c'], 2, { volume: 0.2, repeat: 'all', shuffle: true })),
        ),
      ),
    );
    const restored = restorePlayerState(saved);
    expect(ids(restored)).toEqual(['a']);
    expect(restored).toMatchObject({
      currentIndex: 0,
      isPlaying: false,
      showPlayer: true,
      volume: 0.2,
      repeat: 'all',
      shuffle: true,
      currentTime: 0,
    });
    expectConsistent(restored);
  });

  it.each([
    { case: 'nothing saved', saved: null },
    {
      case: 'an empty queue saved',
      saved: {
        queue: [],
        currentIndex: -1,
        volume: 0.2,
        repeat: 'one',
        shuffle: true,
      } satisfies SavedPlayerState,
    },
  ])('with $case, starts from the defaults (volume, repeat and shuffle are not restored)', ({ saved }) => {
    expect(restorePlayerState(saved)).toEqual(DEFAULT_PLAYER_STATE);
  });

  it.each([
    {
      case: 'a volume out of range',
      value: { queue: [], currentIndex: 0, volume: 3, repeat: 'none', shuffle: false },
    },
    {
      case: 'an unknown repeat mode',
      value: { queue: [], currentIndex: 0, volume: 1, repeat: 'twice', shuffle: false },
    },
    {
      case: 'a queue entry without an id',
      value: { queue: [{ title: 'x' }], currentIndex: 0, volume: 1, repeat: 'none', shuffle: false },
    },
    { case: 'not an object', value: 'garbage' },
  ])('rejects $case', ({ value }) => {
    expect(SavedPlayerState.safeParse(value).success).toBe(false);
  });
});
