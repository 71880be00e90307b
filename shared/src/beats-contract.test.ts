import { describe, expect, it } from 'vitest';
import { avatarUrl, fileUrl } from './files-contract';

describe('avatarUrl', () => {
  it.each([
    ['images/1f0e.jpg', 'https://lh3.example/p.jpg', '/api/files/images/1f0e.jpg'],
    ['images/1f0e.jpg', null, '/api/files/images/1f0e.jpg'],
    [null, 'https://lh3.example/p.jpg', 'https://lh3.example/p.jpg'],
    [undefined, null, null],
  ])('profile image %s, issuer picture %s → %s', (key, picture, expected) => {
    expect(avatarUrl(key, picture)).toBe(expected);
  });

  it('serves uploaded images where fileUrl says', () => {
    expect(avatarUrl('images/x.jpg', null)).toBe(fileUrl('images/x.jpg'));
  });
});
