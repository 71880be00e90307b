import { buildDesktopApi } from '@beatroom/shared/ipc-contract';
import { describe, expect, it, vi } from 'vitest';
import { createDesktopTakeStorage } from './desktop-take-storage';

const ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b.webm';
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);

/** window.beatroom over a fake main that answers the timeline channels from `answers`. */
function bridge(answers: Record<string, unknown>) {
  const invoke = vi.fn(async (channel: string, _request: unknown) =>
    channel in answers ? { ok: true, data: answers[channel] } : { ok: false, error: 'no answer' },
  );
  return { api: buildDesktopApi({ invoke, subscribe: () => () => {} }), invoke };
}

describe('desktop take storage', () => {
  it('keeps a take in the library through main and names it by the id main gave', async () => {
    const { api, invoke } = bridge({ 'timeline:keepTake': { id: ID } });
    const server = { save: vi.fn(), load: vi.fn() };
    const storage = createDesktopTakeStorage(api, server);
    expect(await storage.save(new Blob([WEBM], { type: 'audio/webm' }))).toBe(`studio-take:${ID}`);
    expect(invoke).toHaveBeenCalledWith('timeline:keepTake', { audio: WEBM });
    expect(server.save).not.toHaveBeenCalled();
  });

  it('reads a take from the library first, and from the server only when this computer lacks it', async () => {
    const local = createDesktopTakeStorage(bridge({ 'timeline:readTake': { audio: WEBM } }).api, {
      save: vi.fn(),
      load: vi.fn(),
    });
    const blob = await local.load(`studio-take:${ID}`);
    expect(blob?.type).toBe('audio/webm');
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(WEBM);

    const fromServer = new Blob([WEBM]);
    const server = { save: vi.fn(), load: vi.fn(async () => fromServer) };
    const remote = createDesktopTakeStorage(bridge({ 'timeline:readTake': { audio: null } }).api, server);
    expect(await remote.load(`studio-take:${ID}`)).toBe(fromServer);
    expect(server.load).toHaveBeenCalledWith(`studio-take:${ID}`);
  });

  it('knows nothing of sources that are not take files', async () => {
    const { api, invoke } = bridge({});
    const storage = createDesktopTakeStorage(api, { save: vi.fn(), load: vi.fn() });
    expect(await storage.load('blob:somewhere')).toBeNull();
    expect(await storage.load('studio-take:../../library.db')).toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });
});
