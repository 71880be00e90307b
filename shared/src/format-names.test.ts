import { describe, expect, it } from 'vitest';
import { displayName, fallbackName } from './format-names';

describe('fallbackName and displayName', () => {
  const id = 'a1b2c3d4-e5f6-7890-abcd-ef1234567890';

  it.each([
    [undefined, 'User a1b2c3d4'],
    ['User', 'User a1b2c3d4'],
    ['Producer', 'Producer a1b2c3d4'],
    ['Artist', 'Artist a1b2c3d4'],
  ] as const)('fallbackName kind %s → %s', (kind, expected) => {
    expect(fallbackName(id, kind)).toBe(expected);
  });

  it('keeps a short id whole', () => {
    expect(fallbackName('abc')).toBe('User abc');
  });

  it.each([
    ['  Metro Boomin  ', 'Producer', 'Metro Boomin'],
    ['Ana', 'User', 'Ana'],
    ['', 'Producer', 'Producer a1b2c3d4'],
    ['   ', 'Artist', 'Artist a1b2c3d4'],
    [null, 'User', 'User a1b2c3d4'],
    [undefined, 'Producer', 'Producer a1b2c3d4'],
  ] as const)('displayName(%j, %s) → %s', (name, kind, expected) => {
    expect(displayName(name, id, kind)).toBe(expected);
  });

  it('defaults the kind to User', () => {
    expect(displayName(null, id)).toBe('User a1b2c3d4');
  });
});
