import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron at its boundary: a BrowserWindow that records what it was built with, and web
// contents / session objects that record the handlers the app installs.
const created: { options: Record<string, unknown>; window: FakeWindow }[] = [];

class FakeContents {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

class FakeWindow {
  readonly webContents = new FakeContents();
  loaded: string | null = null;
  maximized = false;
  constructor(options: Record<string, unknown>) {
    created.push({ options, window: this });
  }
  maximize() {
    this.maximized = true;
  }
  once() {}
  show() {}
  loadURL(url: string) {
    this.loaded = url;
    return Promise.resolve();
  }
}

const showMessageBoxSync = vi.fn(() => 1);
vi.mock('electron', () => ({ BrowserWindow: FakeWindow, dialog: { showMessageBoxSync } }));

const { applySessionPolicies, askBeforeUnload, attachWebContentsGuards, createMainWindow } =
  await import('./window');
const { WINDOW_SECURITY } = await import('./window-security');

const config = {
  serverUrl: 'https://api.beatroom.example',
  serverWsUrl: 'wss://api.beatroom.example',
  development: false,
  rendererDevUrl: null,
};

function event() {
  return { preventDefault: vi.fn() };
}

beforeEach(() => {
  created.length = 0;
});

describe('createMainWindow', () => {
  it('builds the window with the security constant and the preload, and loads the app origin', () => {
    const openExternal = vi.fn(async () => {});
    createMainWindow({
      state: { width: 1000, height: 700, maximized: true },
      preloadPath: '/app/out/preload/index.cjs',
      config,
      openExternal,
    });
    const [{ options, window }] = created as [(typeof created)[number]];
    expect(options.webPreferences).toMatchObject({
      ...WINDOW_SECURITY,
      preload: '/app/out/preload/index.cjs',
    });
    expect(options).toMatchObject({ width: 1000, height: 700, show: false });
    expect(window.maximized).toBe(true);
    expect(window.loaded).toBe('app://beatroom/index.html');
    // The guards are on from the start.
    const navigate = event();
    window.webContents.emit('will-navigate', navigate, 'https://evil.example/');
    expect(navigate.preventDefault).toHaveBeenCalled();
  });
});

describe('closing or reloading with an unsaved take', () => {
  it('asks with a native dialog; Leave lets the unload go on, Stay keeps the window', () => {
    createMainWindow({
      state: { width: 1000, height: 700, maximized: false },
      preloadPath: '/app/out/preload/index.cjs',
      config,
      openExternal: vi.fn(async () => {}),
    });
    const [{ window }] = created as [(typeof created)[number]];
    showMessageBoxSync.mockReturnValueOnce(1);
    const stay = event();
    window.webContents.emit('will-prevent-unload', stay);
    expect(stay.preventDefault).not.toHaveBeenCalled();
    expect(showMessageBoxSync).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        buttons: ['Leave', 'Stay'],
        cancelId: 1,
        message: 'Your take is not saved.',
      }),
    );

    showMessageBoxSync.mockReturnValueOnce(0);
    const leave = event();
    window.webContents.emit('will-prevent-unload', leave);
    expect(leave.preventDefault).toHaveBeenCalled();
  });

  it('leaves the decision to the question it is given', () => {
    const contents = new FakeContents();
    askBeforeUnload(contents as never, () => true);
    const unload = event();
    contents.emit('will-prevent-unload', unload);
    expect(unload.preventDefault).toHaveBeenCalled();
  });
});

describe('web contents guards', () => {
  function guarded() {
    const contents = new FakeContents();
    const openExternal = vi.fn(async () => {});
    attachWebContentsGuards(contents as never, { serverUrl: config.serverUrl, openExternal });
    return { contents, openExternal };
  }

  it('cancels navigation and redirects away from the app, and allows in-app navigation', () => {
    const { contents } = guarded();
    for (const name of ['will-navigate', 'will-redirect']) {
      const away = event();
      contents.emit(name, away, 'https://accounts.google.com/');
      expect(away.preventDefault).toHaveBeenCalled();
      const inside = event();
      contents.emit(name, inside, 'app://beatroom/index.html#/library');
      expect(inside.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('denies every window.open, handing allowed https links to the system browser', () => {
    const { contents, openExternal } = guarded();
    expect(contents.openHandler!({ url: 'https://www.instagram.com/beatroom' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://www.instagram.com/beatroom');
    openExternal.mockClear();
    expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'app://beatroom/index.html' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses <webview>', () => {
    const { contents } = guarded();
    const attach = event();
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });
});

describe('session policies', () => {
  function session() {
    const recorded: {
      request?: (
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: object,
      ) => void;
      check?: (contents: unknown, permission: string, origin: string, details: object) => boolean;
      device?: () => boolean;
      headers?: {
        filter: { urls: string[] };
        listener: (
          details: { requestHeaders: Record<string, string> },
          callback: (answer: { requestHeaders: Record<string, string> }) => void,
        ) => void;
      };
    } = {};
    const fake = {
      setPermissionRequestHandler: (handler: typeof recorded.request) => (recorded.request = handler),
      setPermissionCheckHandler: (handler: typeof recorded.check) => (recorded.check = handler),
      setDevicePermissionHandler: (handler: typeof recorded.device) => (recorded.device = handler),
      webRequest: {
        onBeforeSendHeaders: (
          filter: { urls: string[] },
          listener: NonNullable<typeof recorded.headers>['listener'],
        ) => (recorded.headers = { filter, listener }),
      },
    };
    return { fake, recorded };
  }

  it('grants only the microphone, only to the app, through both handlers', () => {
    const { fake, recorded } = session();
    applySessionPolicies(fake as never, { config, token: () => null });
    const answer = (permission: string, details: object) => {
      let granted: boolean | null = null;
      recorded.request!(null, permission, (value) => (granted = value), details);
      return granted;
    };
    expect(
      answer('media', {
        requestingUrl: 'app://beatroom/index.html',
        mediaTypes: ['audio'],
        isMainFrame: true,
      }),
    ).toBe(true);
    expect(
      answer('media', {
        requestingUrl: 'app://beatroom/index.html',
        mediaTypes: ['video'],
        isMainFrame: true,
      }),
    ).toBe(false);
    expect(
      answer('media', { requestingUrl: 'https://evil.example/', mediaTypes: ['audio'], isMainFrame: true }),
    ).toBe(false);
    expect(answer('geolocation', { requestingUrl: 'app://beatroom/index.html', isMainFrame: true })).toBe(
      false,
    );
    expect(recorded.check!(null, 'media', 'app://beatroom', { mediaType: 'audio', isMainFrame: true })).toBe(
      true,
    );
    expect(recorded.check!(null, 'media', 'app://beatroom', { mediaType: 'video', isMainFrame: true })).toBe(
      false,
    );
    expect(recorded.check!(null, 'notifications', 'app://beatroom', { isMainFrame: true })).toBe(false);
    expect(recorded.device!()).toBe(false);
  });

  it('adds the bearer token to requests to the configured server only when they lack one', () => {
    const { fake, recorded } = session();
    let token: string | null = 'tok-123';
    applySessionPolicies(fake as never, { config, token: () => token });
    expect(recorded.headers!.filter.urls).toEqual([
      'https://api.beatroom.example/*',
      'wss://api.beatroom.example/*',
    ]);
    const run = (requestHeaders: Record<string, string>) => {
      let out: Record<string, string> = {};
      recorded.headers!.listener({ requestHeaders }, (answer) => (out = answer.requestHeaders));
      return out;
    };
    expect(run({ Accept: '*/*' })).toEqual({ Accept: '*/*', Authorization: 'Bearer tok-123' });
    expect(run({ authorization: 'Bearer other' })).toEqual({ authorization: 'Bearer other' });
    token = null;
    expect(run({ Accept: '*/*' })).toEqual({ Accept: '*/*' });
  });
});
