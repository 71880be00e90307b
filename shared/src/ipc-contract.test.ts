import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppPath, ExternalUrl } from './ipc-app-contract';
import { buildDesktopApi, ipcChannels, ipcContract, ipcEventChannelName, ipcEvents } from './ipc-contract';
import { EnqueueUploadRequest } from './ipc-uploads-contract';

describe('IPC contract', () => {
  it('names every channel <area>:<method>, each once', () => {
    const channels = ipcChannels().map((c) => c.channel);
    expect(new Set(channels).size).toBe(channels.length);
    expect(channels).toContain('auth:signIn');
    expect(channels).toContain('uploads:enqueue');
    expect(channels.every((c) => /^[a-z]+:[a-zA-Z]+$/.test(c))).toBe(true);
  });

  it('never hands the session token to the page: no answer or event has a token field', () => {
    // Every property name anywhere in a schema, nested objects and arrays included.
    const propertyNames = (schema: z.ZodType): string[] => {
      const names: string[] = [];
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const properties = (node as { properties?: Record<string, unknown> }).properties;
        if (properties) names.push(...Object.keys(properties));
        Object.values(node).forEach(walk);
      };
      walk(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
      return names;
    };
    const toPage = [
      ...ipcChannels().map(({ area, method }) => {
        const channel = (ipcContract[area] as Record<string, { response: z.ZodType }>)[method]!;
        return channel.response;
      }),
      ...Object.values(ipcEvents),
    ];
    const names = toPage.flatMap(propertyNames);
    expect(names).toContain('user');
    expect(names.filter((name) => /token|secret|authorization/i.test(name))).toEqual([]);
  });

  it('keeps app paths inside the app and external links on http(s)', () => {
    expect(AppPath.safeParse('/beats/1').success).toBe(true);
    for (const bad of ['//evil.example', 'https://evil.example', 'beats', '/a b', '/\\evil']) {
      expect(AppPath.safeParse(bad).success).toBe(false);
    }
    expect(ExternalUrl.safeParse('https://x.example').success).toBe(true);
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'ms-settings:privacy']) {
      expect(ExternalUrl.safeParse(bad).success).toBe(false);
    }
  });

  it('does not let the renderer set file keys or the idempotency key of a queued upload', () => {
    const base = { audio: 'a', cover: null, beat: { title: 'T', genre: 'Trap' } };
    expect(EnqueueUploadRequest.safeParse(base).success).toBe(true);
    for (const field of ['audio_file_key', 'cover_image_key', 'idempotency_key']) {
      expect(EnqueueUploadRequest.safeParse({ ...base, beat: { ...base.beat, [field]: 'x' } }).success).toBe(
        false,
      );
    }
  });
});

describe('buildDesktopApi', () => {
  it('exposes one function per channel and per event, and unwraps answers', async () => {
    const invoke = vi.fn(async (channel: string) =>
      channel === 'app:info'
        ? {
            ok: true,
            data: { version: '1.0.0', platform: 'linux', serverUrl: 'https://b.example', packaged: true },
          }
        : { ok: false, error: 'Refused' },
    );
    const unsubscribe = vi.fn();
    const subscribe = vi.fn(() => unsubscribe);
    const api = buildDesktopApi({ invoke, subscribe });
    for (const area of Object.keys(ipcContract) as (keyof typeof ipcContract)[]) {
      expect(Object.keys(api[area]).sort()).toEqual(Object.keys(ipcContract[area]).sort());
    }
    expect(Object.keys(api.on).sort()).toEqual(Object.keys(ipcEvents).sort());

    expect((await api.app.info()).version).toBe('1.0.0');
    expect(invoke).toHaveBeenCalledWith('app:info', undefined);
    await expect(api.uploads.retry({ id: 'x' })).rejects.toThrow('Refused');

    const listener = vi.fn();
    expect(api.on.mediaKey(listener)).toBe(unsubscribe);
    expect(subscribe).toHaveBeenCalledWith(ipcEventChannelName('mediaKey'), listener);
    expect(() => api.on.mediaKey('nope' as never)).toThrow(TypeError);
  });

  it('rejects an answer that is not the envelope', async () => {
    const api = buildDesktopApi({ invoke: async () => 'surprise', subscribe: () => () => {} });
    await expect(api.app.info()).rejects.toThrow();
  });
});
