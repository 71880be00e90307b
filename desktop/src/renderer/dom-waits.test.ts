// @vitest-environment jsdom
import { getConfig } from '@testing-library/react';
import { expect, it } from 'vitest';

it('gives Testing Library waits the loaded machine’s 15 s (dom-waits.test-setup.ts)', () => {
  expect(getConfig().asyncUtilTimeout).toBe(15_000);
});
