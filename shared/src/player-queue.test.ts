import { describe, expect, it } from 'vitest';
import type { RepeatMode } from './catalogue-constants';
import { playerReducer, type PlayerAction } from './player-queue';
import { DEFAULT_PLAYER_STATE, makeQueueId, type PlayerBeat, type PlayerState } from './player-state';
import { beat, expectConsistent, ids, stateWith } from './player.test-setup';

const NOW = 1_700_000_000_000;

const currentId = (state: PlayerState) => state.currentBeat?.id ?? null;
/** A random source that returns these values in turn. */
const sequence =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

describe('play', () => {
  it.each([
    {
      case: 'an empty player puts the beat in the queue',
      queue: [],
      current: 0,
      play: 'a',
      ids: ['a'],
      index: 0,
    },
    {
      case: 'a beat not queued goes to the front',
      queue: ['a', 'b'],
      current: 1,
      play: 'c',
      ids: ['c', 'a', 'b'],
      index: 0,
    },
    {
      case: 'a beat already queued selects that entry',
      queue: ['a', 'b', 'c'],
      current: 0,
      play: 'c',
      ids: ['a', 'b', 'c'],
      index: 2,
    },
  ])('$case', ({ queue, current, play, ids: expectedIds, index }) => {
    const before = stateWith(queue, current, { isPlaying: false, showPlayer: false });
    const after = playerReducer(before, { type: 'play', beat: beat(play), now: NOW });

    expect(ids(after)).toEqual(expectedIds);
    expect(after.currentIndex).toBe(index);
    expect(currentId(after)).toBe(play);
    expect(after.isPlaying).toBe(true);
    expect(after.showPlayer).toBe(true);
    expect(after.currentTime).toBe(0);
    expect(after.trackToken).toBe(before.trackToken + 1);
    expectConsistent(after);
  });

  it('makes the queue id from the beat id and the timestamp', () => {
    const after = playerReducer(DEFAULT_PLAYER_STATE, { type: 'play', beat: beat('a'), now: NOW });
    expect(after.queue[0]?.queueId).toBe(`a-${NOW}`);
    expect(makeQueueId('a', NOW)).toBe(`a-${NOW}`);
  });

  it('keeps only the player fields (a beat detail carries its waveform, which is not queued)', () => {
    const detail = { ...beat('a'), peaks: [[0, 1]], play_count: 3 } as PlayerBeat;
    const after = playerReducer(DEFAULT_PLAYER_STATE, { type: 'play', beat: detail, now: NOW });
    expect(after.queue[0]).not.toHaveProperty('peaks');
    expect(after.queue[0]).not.toHaveProperty('play_count');
  });

  it('resumes the current entry where it was, without restarting it', () => {
    const before = stateWith(['a', 'b'], 1, { isPlaying: false, currentTime: 42 });
    const after = playerReducer(before, { type: 'play', beat: beat('b'), now: NOW });
    expect(after.isPlaying).toBe(true);
    expect(after.currentTime).toBe(42);
    expect(after.trackToken).toBe(before.trackToken);
  });

  it('keeps the queue id of an existing entry and refreshes its data', () => {
    const before = stateWith(['a', 'b'], 0);
    const after = playerReducer(before, { type: 'play', beat: beat('b', { title: 'Renamed' }), now: NOW });
    expect(after.queue[1]).toMatchObject({ queueId: 'q-b', title: 'Renamed' });
  });
});

describe('pause, resume and toggle', () => {
  it.each<{ action: PlayerAction; playing: boolean; expected: boolean }>([
    { action: { type: 'pause' }, playing: true, expected: false },
    { action: { type: 'resume' }, playing: false, expected: true },
    { action: { type: 'togglePlay' }, playing: true, expected: false },
    { action: { type: 'togglePlay' }, playing: false, expected: true },
  ])('$action.type while playing=$playing → playing=$expected', ({ action, playing, expected }) => {
    expect(playerReducer(stateWith(['a'], 0, { isPlaying: playing }), action).isPlaying).toBe(expected);
  });

  it.each<PlayerAction>([{ type: 'resume' }, { type: 'togglePlay' }])(
    '$type does nothing without a current beat',
    (action) => {
      expect(playerReducer(DEFAULT_PLAYER_STATE, action)).toBe(DEFAULT_PLAYER_STATE);
    },
  );
});

describe('add to queue', () => {
  it('appends a beat that is not queued, keeping the current entry', () => {
    const before = stateWith(['a', 'b'], 1);
    const after = playerReducer(before, { type: 'add', beat: beat('c'), now: NOW });
    expect(ids(after)).toEqual(['a', 'b', 'c']);
    expect(after.queue[2]?.queueId).toBe(`c-${NOW}`);
    expect(currentId(after)).toBe('b');
    expect(after.isPlaying).toBe(true);
  });

  it('is ignored when the beat is already queued', () => {
    const before = stateWith(['a', 'b'], 0);
    expect(playerReducer(before, { type: 'add', beat: beat('b'), now: NOW })).toBe(before);
  });

  it('to an empty player makes the beat current, paused, and shows the bar', () => {
    const after = playerReducer(DEFAULT_PLAYER_STATE, { type: 'add', beat: beat('a'), now: NOW });
    expect(currentId(after)).toBe('a');
    expect(after.isPlaying).toBe(false);
    expect(after.showPlayer).toBe(true);
    expectConsistent(after);
  });
});

describe('remove from queue', () => {
  it.each([
    {
      case: 'the current entry: the next one takes its index',
      queue: ['a', 'b', 'c'],
      current: 1,
      remove: 'b',
      ids: ['a', 'c'],
      index: 1,
      now: 'c',
    },
    {
      case: 'the current entry when it was the last: the new last one',
      queue: ['a', 'b', 'c'],
      current: 2,
      remove: 'c',
      ids: ['a', 'b'],
      index: 1,
      now: 'b',
    },
    {
      case: 'an earlier entry: the index shifts down by one',
      queue: ['a', 'b', 'c'],
      current: 2,
      remove: 'a',
      ids: ['b', 'c'],
      index: 1,
      now: 'c',
    },
    {
      case: 'a later entry: the index stays',
      queue: ['a', 'b', 'c'],
      current: 0,
      remove: 'c',
      ids: ['a', 'b'],
      index: 0,
      now: 'a',
    },
  ])('$case', ({ queue, current, remove, ids: expectedIds, index, now }) => {
    const after = playerReducer(stateWith(queue, current), { type: 'remove', queueId: `q-${remove}` });
    expect(ids(after)).toEqual(expectedIds);
    expect(after.currentIndex).toBe(index);
    expect(currentId(after)).toBe(now);
    expect(after.showPlayer).toBe(true);
    expectConsistent(after);
  });

  it('starts the entry that replaces the current one from its beginning', () => {
    const before = stateWith(['a', 'b'], 0, { currentTime: 30 });
    const after = playerReducer(before, { type: 'remove', queueId: 'q-a' });
    expect(after.currentTime).toBe(0);
    expect(after.trackToken).toBe(before.trackToken + 1);
    expect(after.isPlaying).toBe(true);
  });

  it('removing the only entry clears the current beat, stops and hides the player', () => {
    const after = playerReducer(stateWith(['a'], 0), { type: 'remove', queueId: 'q-a' });
    expect(after.queue).toEqual([]);
    expect(after.currentBeat).toBeNull();
    expect(after.isPlaying).toBe(false);
    expect(after.showPlayer).toBe(false);
    expectConsistent(after);
  });

  it('ignores an unknown queue id', () => {
    const before = stateWith(['a', 'b'], 0);
    expect(playerReducer(before, { type: 'remove', queueId: 'nope' })).toBe(before);
  });

  it('removes a deleted beat by its id', () => {
    const after = playerReducer(stateWith(['a', 'b', 'c'], 2), { type: 'removeBeat', beatId: 'b' });
    expect(ids(after)).toEqual(['a', 'c']);
    expect(currentId(after)).toBe('c');
  });
});

describe('clear', () => {
  it('empties the queue, stops playback and hides the player; settings stay', () => {
    const before = stateWith(['a', 'b'], 1, { volume: 0.4, repeat: 'all', shuffle: true, currentTime: 12 });
    const after = playerReducer(before, { type: 'clear' });
    expect(after).toMatchObject({
      queue: [],
      currentBeat: null,
      currentIndex: -1,
      isPlaying: false,
      showPlayer: false,
      currentTime: 0,
      volume: 0.4,
      repeat: 'all',
      shuffle: true,
    });
  });
});

describe('next and previous', () => {
  it.each([
    { action: 'next', queue: ['a', 'b', 'c'], current: 0, expected: 1 },
    { action: 'next', queue: ['a', 'b', 'c'], current: 2, expected: 0 }, // wraps to the first
    { action: 'next', queue: ['a'], current: 0, expected: 0 },
    { action: 'previous', queue: ['a', 'b', 'c'], current: 2, expected: 1 },
    { action: 'previous', queue: ['a', 'b', 'c'], current: 0, expected: 2 }, // wraps to the last
    { action: 'previous', queue: ['a'], current: 0, expected: 0 },
  ] as const)(
    '$action from $current of $queue.length, shuffle off → $expected',
    ({ action, queue, current, expected }) => {
      const before = stateWith(queue, current, { isPlaying: false, currentTime: 50 });
      const after = playerReducer(before, { type: action, random: () => 0.99 });
      expect(after.currentIndex).toBe(expected);
      expect(after.isPlaying).toBe(true);
      expect(after.currentTime).toBe(0);
      expect(after.trackToken).toBe(before.trackToken + 1);
      expectConsistent(after);
    },
  );

  // With shuffle on, the random source picks among the other entries: [0, 1) is split evenly.
  it.each([
    { action: 'next', current: 1, random: 0, expected: 0 },
    { action: 'next', current: 1, random: 0.34, expected: 2 },
    { action: 'next', current: 1, random: 0.99, expected: 3 },
    { action: 'next', current: 0, random: 0, expected: 1 },
    { action: 'next', current: 3, random: 0.99, expected: 2 },
    { action: 'previous', current: 2, random: 0.5, expected: 1 },
    { action: 'previous', current: 2, random: 0.7, expected: 3 },
    { action: 'previous', current: 2, random: 0.1, expected: 0 },
  ] as const)(
    '$action with shuffle from $current, random $random → $expected',
    ({ action, current, random, expected }) => {
      const after = playerReducer(stateWith(['a', 'b', 'c', 'd'], current, { shuffle: true }), {
        type: action,
        random: () => random,
      });
      expect(after.currentIndex).toBe(expected);
    },
  );

  it('shuffle never picks the current entry', () => {
    let state = stateWith(['a', 'b', 'c'], 0, { shuffle: true });
    for (const value of [0, 0.2, 0.49, 0.5, 0.7, 0.999999]) {
      const after = playerReducer(state, { type: 'next', random: () => value });
      expect(after.currentIndex).not.toBe(state.currentIndex);
      state = after;
    }
  });

  it('shuffle with one entry restarts it', () => {
    const after = playerReducer(stateWith(['a'], 0, { shuffle: true }), { type: 'next', random: () => 0.5 });
    expect(after.currentIndex).toBe(0);
  });

  it.each(['next', 'previous'] as const)('%s on an empty queue does nothing', (action) => {
    expect(playerReducer(DEFAULT_PLAYER_STATE, { type: action, random: Math.random })).toBe(
      DEFAULT_PLAYER_STATE,
    );
  });
});

describe('select', () => {
  it('plays the entry at an index from its start', () => {
    const after = playerReducer(stateWith(['a', 'b', 'c'], 0, { isPlaying: false }), {
      type: 'select',
      index: 2,
    });
    expect(currentId(after)).toBe('c');
    expect(after.isPlaying).toBe(true);
  });
});

describe('reorder', () => {
  it.each([
    {
      case: 'the current entry moves with it',
      from: 1,
      to: 3,
      current: 1,
      ids: ['a', 'c', 'd', 'b', 'e'],
      index: 3,
    },
    {
      case: 'an entry from before to after the current one',
      from: 0,
      to: 3,
      current: 2,
      ids: ['b', 'c', 'd', 'a', 'e'],
      index: 1,
    },
    {
      case: 'an entry from after to before the current one',
      from: 4,
      to: 0,
      current: 2,
      ids: ['e', 'a', 'b', 'c', 'd'],
      index: 3,
    },
    {
      case: 'an entry onto the current position from after',
      from: 3,
      to: 2,
      current: 2,
      ids: ['a', 'b', 'd', 'c', 'e'],
      index: 3,
    },
    {
      case: 'an entry onto the current position from before',
      from: 0,
      to: 2,
      current: 2,
      ids: ['b', 'c', 'a', 'd', 'e'],
      index: 1,
    },
    {
      case: 'entries both after the current one',
      from: 3,
      to: 4,
      current: 1,
      ids: ['a', 'b', 'c', 'e', 'd'],
      index: 1,
    },
    {
      case: 'entries both before the current one',
      from: 0,
      to: 1,
      current: 3,
      ids: ['b', 'a', 'c', 'd', 'e'],
      index: 3,
    },
  ])('$case', ({ from, to, current, ids: expectedIds, index }) => {
    const before = stateWith(['a', 'b', 'c', 'd', 'e'], current);
    const after = playerReducer(before, { type: 'reorder', from, to });
    expect(ids(after)).toEqual(expectedIds);
    expect(after.currentIndex).toBe(index);
    expect(currentId(after)).toBe(before.currentBeat?.id);
    expect(after.trackToken).toBe(before.trackToken);
    expectConsistent(after);
  });

  it.each([
    [1, 1],
    [-1, 2],
    [0, 9],
  ])('ignores a move from %i to %i', (from, to) => {
    const before = stateWith(['a', 'b', 'c'], 0);
    expect(playerReducer(before, { type: 'reorder', from, to })).toBe(before);
  });
});

describe('shuffle and repeat', () => {
  it('shuffle toggles, off by default', () => {
    expect(DEFAULT_PLAYER_STATE.shuffle).toBe(false);
    const on = playerReducer(DEFAULT_PLAYER_STATE, { type: 'toggleShuffle' });
    expect(on.shuffle).toBe(true);
    expect(playerReducer(on, { type: 'toggleShuffle' }).shuffle).toBe(false);
  });

  it('repeat cycles none → all → one → none, none by default', () => {
    expect(DEFAULT_PLAYER_STATE.repeat).toBe('none');
    const seen: RepeatMode[] = [];
    let state = DEFAULT_PLAYER_STATE;
    for (let i = 0; i < 3; i++) {
      state = playerReducer(state, { type: 'cycleRepeat' });
      seen.push(state.repeat);
    }
    expect(seen).toEqual(['all', 'one', 'none']);
  });
});

describe('track end', () => {
  it.each([
    {
      case: 'repeat one restarts the same entry',
      repeat: 'one',
      queue: ['a', 'b'],
      current: 0,
      index: 0,
      playing: true,
    },
    {
      case: 'repeat all moves to the next',
      repeat: 'all',
      queue: ['a', 'b'],
      current: 0,
      index: 1,
      playing: true,
    },
    {
      case: 'repeat all wraps from the last to the first',
      repeat: 'all',
      queue: ['a', 'b'],
      current: 1,
      index: 0,
      playing: true,
    },
    {
      case: 'repeat all with one entry plays it again',
      repeat: 'all',
      queue: ['a'],
      current: 0,
      index: 0,
      playing: true,
    },
    {
      case: 'a queue longer than one moves to the next',
      repeat: 'none',
      queue: ['a', 'b', 'c'],
      current: 1,
      index: 2,
      playing: true,
    },
    {
      case: 'a queue longer than one wraps at the end',
      repeat: 'none',
      queue: ['a', 'b', 'c'],
      current: 2,
      index: 0,
      playing: true,
    },
    { case: 'otherwise playback stops', repeat: 'none', queue: ['a'], current: 0, index: 0, playing: false },
  ] as const)('$case', ({ repeat, queue, current, index, playing }) => {
    const before = stateWith(queue, current, { repeat, currentTime: 120 });
    const after = playerReducer(before, { type: 'trackEnded', random: () => 0 });
    expect(after.currentIndex).toBe(index);
    expect(after.isPlaying).toBe(playing);
    expect(after.currentTime).toBe(0);
    expectConsistent(after);
  });

  it('restarting the same entry still signals a new start to the audio element', () => {
    const before = stateWith(['a'], 0, { repeat: 'one' });
    expect(playerReducer(before, { type: 'trackEnded', random: () => 0 }).trackToken).toBe(
      before.trackToken + 1,
    );
  });

  it('a stop rewinds the audio element to the start', () => {
    const before = stateWith(['a'], 0);
    const after = playerReducer(before, { type: 'trackEnded', random: () => 0 });
    expect(after.seekToken).toBe(before.seekToken + 1);
    expect(after.trackToken).toBe(before.trackToken);
  });

  it('with shuffle on, moves to a random other entry', () => {
    const before = stateWith(['a', 'b', 'c'], 0, { shuffle: true });
    expect(playerReducer(before, { type: 'trackEnded', random: sequence(0.9) }).currentIndex).toBe(2);
  });

  it.each(['none', 'all'] as const)(
    'with autoPlay off (repeat %s), stops after the track instead of going on',
    (repeat) => {
      const before = stateWith(['a', 'b', 'c'], 1, { repeat, currentTime: 120 });
      const after = playerReducer(before, { type: 'trackEnded', random: () => 0, autoPlay: false });
      expect(after.currentIndex).toBe(1);
      expect(after.isPlaying).toBe(false);
      expect(after.currentTime).toBe(0);
      expectConsistent(after);
    },
  );

  it('with autoPlay off, repeat one still repeats the track', () => {
    const before = stateWith(['a', 'b'], 0, { repeat: 'one' });
    const after = playerReducer(before, { type: 'trackEnded', random: () => 0, autoPlay: false });
    expect(after.isPlaying).toBe(true);
    expect(after.trackToken).toBe(before.trackToken + 1);
  });
});

describe('volume and mute', () => {
  it('defaults to 0.75', () => {
    expect(DEFAULT_PLAYER_STATE.volume).toBe(0.75);
  });

  it.each([
    [0.3, 0.3],
    [1.5, 1],
    [-1, 0],
    [Number.NaN, 0.75],
  ])('setVolume(%f) → %f', (input, expected) => {
    expect(playerReducer(DEFAULT_PLAYER_STATE, { type: 'setVolume', volume: input }).volume).toBe(expected);
  });

  it.each([
    { case: 'mute stores the volume and silences', volume: 0.4, before: null, after: 0, remembered: 0.4 },
    { case: 'unmute restores the stored volume', volume: 0, before: 0.4, after: 0.4, remembered: null },
    {
      case: 'unmute without a stored volume restores 0.75',
      volume: 0,
      before: null,
      after: 0.75,
      remembered: null,
    },
  ])('$case', ({ volume, before, after, remembered }) => {
    const state = { ...DEFAULT_PLAYER_STATE, volume, volumeBeforeMute: before };
    const next = playerReducer(state, { type: 'toggleMute' });
    expect(next.volume).toBe(after);
    expect(next.volumeBeforeMute).toBe(remembered);
  });

  it('mute then unmute comes back to the same volume', () => {
    const start = { ...DEFAULT_PLAYER_STATE, volume: 0.33 };
    const back = playerReducer(playerReducer(start, { type: 'toggleMute' }), { type: 'toggleMute' });
    expect(back.volume).toBe(0.33);
  });
});

describe('time', () => {
  it('seek clamps to the track and signals the audio element', () => {
    const before = stateWith(['a'], 0, { duration: 100 });
    expect(playerReducer(before, { type: 'seek', time: 40 })).toMatchObject({
      currentTime: 40,
      seekToken: 1,
    });
    expect(playerReducer(before, { type: 'seek', time: 400 }).currentTime).toBe(100);
    expect(playerReducer(before, { type: 'seek', time: -4 }).currentTime).toBe(0);
    expect(playerReducer(DEFAULT_PLAYER_STATE, { type: 'seek', time: 4 })).toBe(DEFAULT_PLAYER_STATE);
  });

  it('time and duration updates come from the audio element', () => {
    const state = stateWith(['a'], 0);
    expect(playerReducer(state, { type: 'timeUpdate', time: 12.5 }).currentTime).toBe(12.5);
    expect(playerReducer(state, { type: 'durationChange', duration: 93.2 }).duration).toBe(93.2);
    expect(playerReducer(state, { type: 'durationChange', duration: Number.NaN })).toBe(state);
  });
});
