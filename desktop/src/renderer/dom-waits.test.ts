// @vitest-environment jsdom
import { getConfig } from '@testing-library/react';
import { expect, it } from 'vitest';
import { LOADED_MACHINE_WAIT_MS } from '@beatroom/shared/loaded-machine-waits';

it('gives Testing Library waits the loaded machine’s wait (dom-waits.test-setup.ts)', () => {
  expect(LOADED_MACHINE_WAIT_MS).toBeGreaterThan(1000);
  expect(getConfig().asyncUtilTimeout).toBe(LOADED_MACHINE_WAIT_MS);
});
