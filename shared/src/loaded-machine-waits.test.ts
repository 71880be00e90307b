import { describe, expect, it, vi } from 'vitest';

// The setup file (loaded-machine-waits.test-setup.ts) is one of this project's setupFiles.
describe('waits sized for a loaded machine', () => {
  it('vi.waitFor keeps trying past its own 1 s default', async () => {
    const ready = Date.now() + 1_500;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(ready));
  });

  it('a limit a test gives still holds', async () => {
    await expect(vi.waitFor(() => expect(false).toBe(true), { timeout: 100 })).rejects.toThrow();
  });

  it('expect.poll keeps trying past its own 1 s default', async () => {
    const ready = Date.now() + 1_500;
    await expect.poll(() => Date.now() >= ready).toBe(true);
  });
});
