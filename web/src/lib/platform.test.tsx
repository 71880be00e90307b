import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_MICROPHONE_HELP,
  createBrowserPlatform,
  PlatformProvider,
  usePlatform,
  type Platform,
} from './platform';

function Kind() {
  return <p>{usePlatform().kind}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browser platform', () => {
  it('is what usePlatform gives without a provider; a provider overrides it', () => {
    const { unmount } = render(<Kind />);
    expect(screen.getByText('web')).toBeInTheDocument();
    unmount();
    const desktop = { ...createBrowserPlatform(), kind: 'desktop' } as Platform;
    render(
      <PlatformProvider platform={desktop}>
        <Kind />
      </PlatformProvider>,
    );
    expect(screen.getByText('desktop')).toBeInTheDocument();
  });

  it('has no desktop-only parts', () => {
    const platform = createBrowserPlatform();
    expect(platform.auth).toBeUndefined();
    expect(platform.library).toBeUndefined();
    expect(platform.api).toBeUndefined();
  });

  it.each([
    ['granted', { status: 'granted', canOpenSettings: false, help: null }],
    ['prompt', { status: 'not-determined', canOpenSettings: false, help: null }],
    ['denied', { status: 'denied', canOpenSettings: false, help: BROWSER_MICROPHONE_HELP }],
  ] as const)('reports the browser microphone permission %s', async (state, expected) => {
    vi.stubGlobal('navigator', { ...navigator, permissions: { query: vi.fn(async () => ({ state })) } });
    expect(await createBrowserPlatform().microphone.status()).toEqual(expected);
  });

  it('says unknown where the browser cannot tell', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: {
        query: vi.fn(async () => {
          throw new TypeError('microphone is not a valid permission name');
        }),
      },
    });
    expect((await createBrowserPlatform().microphone.status()).status).toBe('unknown');
  });

  it('lists audio inputs and remembers the chosen one', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        enumerateDevices: vi.fn(async () => [
          { kind: 'audioinput', deviceId: 'a', label: 'Built-in' },
          { kind: 'videoinput', deviceId: 'v', label: 'Camera' },
          { kind: 'audioinput', deviceId: 'b', label: '' },
        ]),
      },
    });
    const { microphone } = createBrowserPlatform();
    expect(await microphone.listInputDevices()).toEqual([
      { deviceId: 'a', label: 'Built-in' },
      { deviceId: 'b', label: 'Microphone 2' },
    ]);
    await microphone.setPreferredInputDevice({ deviceId: 'b', label: 'Microphone 2' });
    expect(await createBrowserPlatform().microphone.getPreferredInputDevice()).toBe('b');
    await microphone.setPreferredInputDevice(null);
    expect(await microphone.getPreferredInputDevice()).toBeNull();
  });

  it('opens only web links in a new tab', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const platform = createBrowserPlatform();
    platform.openExternal('javascript:alert(1)');
    platform.openExternal('https://open.spotify.com/x');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://open.spotify.com/x', '_blank', 'noopener,noreferrer');
  });
});

describe('browser notifications', () => {
  /** The Notification API with a given permission, recording what was shown or asked. */
  function stubNotifications(permission: NotificationPermission) {
    const shown: { title: string; options?: NotificationOptions; instance: { onclick: unknown } }[] = [];
    const requestPermission = vi.fn(async () => permission);
    class FakeNotification {
      static permission = permission;
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, options, instance: this });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    return { shown, requestPermission };
  }

  function lookingAtPage(looking: boolean) {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(looking ? 'visible' : 'hidden');
    vi.spyOn(document, 'hasFocus').mockReturnValue(looking);
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(['default', 'denied'] as const)(
    'does nothing, and never asks, while the permission is %s',
    async (permission) => {
      const { shown, requestPermission } = stubNotifications(permission);
      lookingAtPage(false);
      await createBrowserPlatform().notify({ title: 'New follower', body: 'Ada followed you' });
      expect(shown).toEqual([]);
      expect(requestPermission).not.toHaveBeenCalled();
    },
  );

  it('does nothing where the browser has no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    lookingAtPage(false);
    await expect(createBrowserPlatform().notify({ title: 'x' })).resolves.toBeUndefined();
  });

  it('shows one when permission was granted and the page is not being looked at', async () => {
    const { shown, requestPermission } = stubNotifications('granted');
    lookingAtPage(true);
    await createBrowserPlatform().notify({ title: 'Seen already', body: 'in the toast' });
    expect(shown).toEqual([]);

    lookingAtPage(false);
    await createBrowserPlatform().notify({ title: 'New follower', body: 'Ada followed you', path: '/x' });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'New follower', options: { body: 'Ada followed you' } });
    expect(typeof shown[0]!.instance.onclick).toBe('function');
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
