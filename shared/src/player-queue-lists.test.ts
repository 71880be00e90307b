import { describe, expect, it } from 'vitest';
import { playerReducer } from './player-queue';
import { insertAfterCurrent, queueFromList } from './player-queue-lists';
import { DEFAULT_PLAYER_STATE, type PlayerState } from './player-state';
import { beat, entry, expectConsistent, ids, stateWith } from './player.test-setup';

const NOW = 1_700_000_000_000;
const list = (...names: string[]) => names.map((name) => beat(name));
const currentId = (state: PlayerState) => state.currentBeat?.id ?? null;

describe('queueFromList', () => {
  it('queues the list from the chosen beat on, in its order', () => {
    const queue = queueFromList([], list('a', 'b', 'c', 'd'), 1, NOW);
    expect(queue?.map((e) => e.id)).toEqual(['b', 'c', 'd']);
    expect(queue?.[0]?.queueId).toBe(`b-${NOW}`);
  });

  it('keeps the queue id of a beat already queued, and lists each beat once', () => {
    const queue = queueFromList([entry('c')], list('a', 'b', 'c', 'b'), 1, NOW);
    expect(queue?.map((e) => e.id)).toEqual(['b', 'c']);
    expect(queue?.[1]?.queueId).toBe('q-c');
  });

  it.each([-1, 3, 1.5])('refuses an index outside the list (%s)', (index) => {
    expect(queueFromList([], list('a', 'b', 'c'), index, NOW)).toBeNull();
  });
});

describe('insertAfterCurrent', () => {
  it('puts a new beat right after the current entry', () => {
    const placed = insertAfterCurrent(stateWith(['a', 'b', 'c'], 1).queue, 1, beat('x'), NOW);
    expect(placed?.queue.map((e) => e.id)).toEqual(['a', 'b', 'x', 'c']);
    expect(placed?.currentIndex).toBe(1);
  });

  it('moves a beat queued earlier to after the current entry; the current index follows', () => {
    const placed = insertAfterCurrent(stateWith(['a', 'b', 'c', 'd'], 2).queue, 2, beat('a'), NOW);
    expect(placed?.queue.map((e) => e.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(placed?.currentIndex).toBe(1);
    expect(placed?.queue[2]?.queueId).toBe('q-a');
  });

  it('moves a beat queued later up to after the current entry', () => {
    const placed = insertAfterCurrent(stateWith(['a', 'b', 'c', 'd'], 0).queue, 0, beat('d'), NOW);
    expect(placed?.queue.map((e) => e.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(placed?.currentIndex).toBe(0);
  });

  it('changes nothing for the current entry itself', () => {
    expect(insertAfterCurrent(stateWith(['a', 'b'], 1).queue, 1, beat('b'), NOW)).toBeNull();
  });
});

describe('playList', () => {
  it('from the home grid: the queue holds the list from that beat on, and it plays', () => {
    const after = playerReducer(DEFAULT_PLAYER_STATE, {
      type: 'playList',
      beats: list('a', 'b', 'c', 'd'),
      index: 1,
      now: NOW,
    });
    expect(ids(after)).toEqual(['b', 'c', 'd']);
    expect(currentId(after)).toBe('b');
    expect(after.isPlaying).toBe(true);
    expect(after.showPlayer).toBe(true);
    expectConsistent(after);
  });

  it('replaces the queue of another list and starts the chosen beat from its beginning', () => {
    const before = stateWith(['x', 'y'], 1, { currentTime: 30 });
    const after = playerReducer(before, { type: 'playList', beats: list('a', 'b'), index: 0, now: NOW });
    expect(ids(after)).toEqual(['a', 'b']);
    expect(after.currentTime).toBe(0);
    expect(after.trackToken).toBe(before.trackToken + 1);
  });

  it('Next then walks the list, and the end of a track plays the next one', () => {
    let state = playerReducer(DEFAULT_PLAYER_STATE, {
      type: 'playList',
      beats: list('a', 'b', 'c'),
      index: 0,
      now: NOW,
    });
    state = playerReducer(state, { type: 'next', random: Math.random });
    expect(currentId(state)).toBe('b');
    state = playerReducer(state, { type: 'trackEnded', random: Math.random, autoPlay: true });
    expect(currentId(state)).toBe('c');
    expect(state.isPlaying).toBe(true);
    state = playerReducer(state, { type: 'previous', random: Math.random });
    expect(currentId(state)).toBe('b');
  });

  it('with autoPlay off the end of a track stops instead of moving on', () => {
    const state = playerReducer(DEFAULT_PLAYER_STATE, {
      type: 'playList',
      beats: list('a', 'b'),
      index: 0,
      now: NOW,
    });
    const ended = playerReducer(state, { type: 'trackEnded', random: Math.random, autoPlay: false });
    expect(currentId(ended)).toBe('a');
    expect(ended.isPlaying).toBe(false);
  });

  it('ignores an index outside the list', () => {
    const before = stateWith(['a'], 0);
    expect(playerReducer(before, { type: 'playList', beats: list('a'), index: 4, now: NOW })).toBe(before);
  });
});

describe('playNext', () => {
  it('slots the beat after the current one without interrupting it; Next plays it', () => {
    const before = stateWith(['a', 'b', 'c'], 0, { currentTime: 20 });
    const after = playerReducer(before, { type: 'playNext', beat: beat('x'), now: NOW });
    expect(ids(after)).toEqual(['a', 'x', 'b', 'c']);
    expect(currentId(after)).toBe('a');
    expect(after.currentTime).toBe(20);
    expect(after.trackToken).toBe(before.trackToken);
    expectConsistent(after);
    expect(currentId(playerReducer(after, { type: 'next', random: Math.random }))).toBe('x');
  });

  it('to an empty player makes the beat current, paused, and shows the bar', () => {
    const after = playerReducer(DEFAULT_PLAYER_STATE, { type: 'playNext', beat: beat('a'), now: NOW });
    expect(currentId(after)).toBe('a');
    expect(after.isPlaying).toBe(false);
    expect(after.showPlayer).toBe(true);
    expectConsistent(after);
  });

  it('moving an earlier entry keeps the current beat current', () => {
    const before = stateWith(['a', 'b', 'c'], 2);
    const after = playerReducer(before, { type: 'playNext', beat: beat('a'), now: NOW });
    expect(ids(after)).toEqual(['b', 'c', 'a']);
    expect(currentId(after)).toBe('c');
    expectConsistent(after);
  });

  it('is ignored for the current beat', () => {
    const before = stateWith(['a', 'b'], 0);
    expect(playerReducer(before, { type: 'playNext', beat: beat('a'), now: NOW })).toBe(before);
  });
});
