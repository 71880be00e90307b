import { buildDesktopApi, ipcEventChannelName } from '@beatroom/shared/ipc-contract';
import { describe, expect, it, vi } from 'vitest';
import { createDesktopPlatform } from './desktop-platform';

/** window.beatroom over a fake main: invoke answers from a table, events can be pushed. */
function fakeBridge(answers: Record<string, unknown>) {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const invoke = vi.fn(async (channel: string, _request: unknown) =>
    channel in answers
      ? { ok: true, data: answers[channel] }
      : { ok: false, error: `no answer for ${channel}` },
  );
  const api = buildDesktopApi({
    invoke,
    subscribe: (channel, listener) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return () =>
        listeners.set(
          channel,
          (listeners.get(channel) ?? []).filter((l) => l !== listener),
        );
    },
  });
  const push = (event: string, payload: unknown) =>
    (listeners.get(ipcEventChannelName(event)) ?? []).forEach((listener) => listener(payload));
  return { api, invoke, push };
}

const info = {
  version: '1.0.0',
  platform: 'darwin' as const,
  serverUrl: 'https://beatroom.example',
  packaged: true,
};

describe('desktop platform', () => {
  it('points the API at the configured server and never asks main for the session token', () => {
    const { api, invoke } = fakeBridge({});
    const platform = createDesktopPlatform(api, info);
    expect(platform.kind).toBe('desktop');
    // Main's session hook adds the Bearer header; the page gets the address and nothing else.
    expect(platform.api).toEqual({ baseUrl: 'https://beatroom.example' });
    expect(Object.keys(api.auth).sort()).toEqual(['signIn', 'signOut', 'status']);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('signs in and out through main and reports auth changes', async () => {
    const status = { user: null, pending: true, persisted: true, error: null };
    const { api, invoke, push } = fakeBridge({
      'auth:signIn': status,
      'auth:signOut': { ...status, pending: false },
    });
    const platform = createDesktopPlatform(api, info);
    expect(await platform.auth!.signIn()).toEqual(status);
    await platform.auth!.signOut();
    expect(invoke.mock.calls.map((call) => call[0])).toEqual(['auth:signIn', 'auth:signOut']);
    const seen: unknown[] = [];
    const stop = platform.auth!.subscribe((s) => seen.push(s));
    push('authChanged', status);
    stop();
    push('authChanged', status);
    expect(seen).toEqual([status]);
  });

  it('saves downloads, shows notifications and opens links through main', async () => {
    const { api, invoke } = fakeBridge({
      'files:download': { saved: true, file: null },
      'notifications:show': { shown: true },
      'app:openExternal': { opened: true },
    });
    const platform = createDesktopPlatform(api, info);
    expect(await platform.saveFile({ path: '/api/files/audio/x.mp3', suggestedName: 'x.mp3' })).toEqual({
      saved: true,
    });
    await platform.notify({ title: 'New follower' });
    platform.openExternal('https://example.com');
    await vi.waitFor(() => expect(invoke).toHaveBeenCalledTimes(3));
    expect(invoke.mock.calls[1]).toEqual([
      'notifications:show',
      { title: 'New follower', body: '', path: undefined },
    ]);
  });

  it('keeps the microphone choice in main and turns failures into rejections', async () => {
    const { api, invoke } = fakeBridge({
      'microphone:getInputDevice': { deviceId: 'usb', label: 'USB' },
      'microphone:setInputDevice': { deviceId: null, label: null },
    });
    const platform = createDesktopPlatform(api, info);
    expect(await platform.microphone.getPreferredInputDevice()).toBe('usb');
    await platform.microphone.setPreferredInputDevice(null);
    expect(invoke).toHaveBeenLastCalledWith('microphone:setInputDevice', { deviceId: null, label: null });
    await expect(platform.microphone.status()).rejects.toThrow('no answer for microphone:status');
  });

  it('offers the library with its screen, and forwards menu navigation and media keys', () => {
    const { api, push } = fakeBridge({});
    const platform = createDesktopPlatform(api, info);
    expect(typeof platform.library?.Screen).toBe('function');
    const paths: string[] = [];
    const keys: string[] = [];
    platform.navigation!.subscribe((path) => paths.push(path));
    platform.mediaKeys!.subscribe((key) => keys.push(key));
    push('navigate', { path: '/library' });
    push('mediaKey', 'next');
    expect(paths).toEqual(['/library']);
    expect(keys).toEqual(['next']);
  });

  it('keeps unsaved studio takes in the local library through main, as bytes both ways', async () => {
    const beatId = '33333333-3333-4333-8333-333333333333';
    const kept = {
      beatId,
      recordingName: 'Late verse',
      format: 'wav',
      audio: new Uint8Array([82, 73, 70, 70]),
      recordedAt: '2026-11-29T03:00:00.000Z',
    };
    const { api, invoke } = fakeBridge({
      'uploads:keepDraftTake': { kept: true },
      'uploads:draftTake': { draft: kept },
      'uploads:discardDraftTake': { discarded: true },
    });
    const drafts = createDesktopPlatform(api, info).takeDrafts!;
    await drafts.keep({
      beatId,
      recordingName: 'Late verse',
      audio: new Blob(['take'], { type: 'audio/webm;codecs=opus' }),
      recordedAt: kept.recordedAt,
    });
    const [, sent] = invoke.mock.calls.find(([channel]) => channel === 'uploads:keepDraftTake')!;
    expect(sent).toMatchObject({ beatId, format: 'webm', recordingName: 'Late verse' });
    expect(new TextDecoder().decode((sent as { audio: Uint8Array }).audio)).toBe('take');

    const found = await drafts.find(beatId);
    expect(found).toMatchObject({ beatId, recordingName: 'Late verse', recordedAt: kept.recordedAt });
    expect(found?.audio.type).toBe('audio/wav');
    expect(new Uint8Array(await found!.audio.arrayBuffer())).toEqual(kept.audio);

    await drafts.discard(beatId);
    expect(invoke).toHaveBeenCalledWith('uploads:discardDraftTake', { beatId });
  });
});
