import { describe, expect, it } from 'vitest';
import { MUSIC_ROLE_VALUES, MUSIC_ROLES, musicRoleLabel } from './community-constants';
import { optionValues } from './option-values';

describe('optionValues', () => {
  it('lists every option value in order', () => {
    expect(MUSIC_ROLE_VALUES).toEqual(MUSIC_ROLES.map((r) => r.value));
    expect(optionValues([{ value: 'a' }, { value: 'b' }] as const)).toEqual(['a', 'b']);
  });
});

describe('musicRoleLabel', () => {
  it.each([
    ['sound_engineer', 'Sound Engineer'],
    ['dj', 'DJ'],
    ['astronaut', null],
    [null, null],
    [undefined, null],
  ])('labels the music role %s as %s', (role, label) => {
    expect(musicRoleLabel(role)).toBe(label);
  });
});
