import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isAllowedExternalUrl,
  isAppUrl,
  navigationDecision,
  permissionDecision,
  WINDOW_SECURITY,
  windowOpenDecision,
} from './window-security';

const server = 'https://api.beatroom.example';

describe('WINDOW_SECURITY', () => {
  it('isolates and sandboxes the renderer and gives it no Node', () => {
    expect(WINDOW_SECURITY).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
  });
});

describe('content security policy', () => {
  const policy = (csp: string) =>
    Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('allows scripts only from the app and network only to the app and the configured server', () => {
    const csp = policy(
      contentSecurityPolicy({ serverUrl: server, serverWsUrl: 'wss://api.beatroom.example' }),
    );
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", server, 'wss://api.beatroom.example']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toContain(server);
    expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
  });

  it('adds the renderer dev server and inline scripts in development only', () => {
    const csp = policy(
      contentSecurityPolicy({
        serverUrl: 'http://localhost:3000',
        serverWsUrl: 'ws://localhost:3000',
        rendererDevUrl: 'http://localhost:5174',
      }),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['http://localhost:5174', 'ws://localhost:5174']),
    );
    expect(csp['script-src']).toContain("'unsafe-inline'");
  });
});

describe('navigation and new windows', () => {
  it('keeps the window on the app origin', () => {
    expect(isAppUrl('app://beatroom/index.html#/beats/1')).toBe(true);
    expect(navigationDecision('app://beatroom/index.html')).toBe('allow');
    for (const url of [
      'https://evil.example/',
      `${server}/api/files/x`,
      'file:///etc/passwd',
      'app://beatroom.evil/',
      'app://other/',
      'javascript:alert(1)',
      'app://user:pw@beatroom/',
    ]) {
      expect(navigationDecision(url)).toBe('deny');
    }
  });

  it('never opens a window; https links go to the system browser, other schemes nowhere', () => {
    expect(windowOpenDecision('https://open.spotify.com/artist/x', server)).toEqual({
      action: 'deny',
      openExternally: 'https://open.spotify.com/artist/x',
    });
    for (const url of [
      'file:///C:/Windows/System32/calc.exe',
      'smb://evil.example/share',
      'ms-msdt:/id PCWDiagnostic',
      'javascript:alert(1)',
      'http://evil.example/',
      'https://user:pw@evil.example/',
      'not a url',
    ]) {
      expect(windowOpenDecision(url, server)).toEqual({ action: 'deny', openExternally: null });
    }
    expect(isAllowedExternalUrl('http://localhost:3000/terms', 'http://localhost:3000')).toBe(true);
  });
});

describe('permissions', () => {
  const app = 'app://beatroom/index.html';
  it('grants the microphone (audio only) to the app itself', () => {
    expect(permissionDecision({ permission: 'media', requestingUrl: app, mediaTypes: ['audio'] })).toBe(true);
    expect(
      permissionDecision({ permission: 'media', requestingUrl: 'app://beatroom', mediaTypes: ['audio'] }),
    ).toBe(true);
  });

  it.each([
    ['the camera', { permission: 'media', requestingUrl: app, mediaTypes: ['video'] }],
    ['camera and microphone', { permission: 'media', requestingUrl: app, mediaTypes: ['audio', 'video'] }],
    ['media of unknown kind', { permission: 'media', requestingUrl: app, mediaTypes: [] }],
    [
      'the microphone to another origin',
      { permission: 'media', requestingUrl: 'https://evil.example', mediaTypes: ['audio'] },
    ],
    [
      'the microphone to a sub-frame',
      { permission: 'media', requestingUrl: app, mediaTypes: ['audio'], isMainFrame: false },
    ],
    ['geolocation', { permission: 'geolocation', requestingUrl: app }],
    ['notifications', { permission: 'notifications', requestingUrl: app }],
    ['reading the clipboard', { permission: 'clipboard-read', requestingUrl: app }],
    ['HID devices', { permission: 'hid', requestingUrl: app }],
    ['opening external links', { permission: 'openExternal', requestingUrl: app }],
  ])('refuses %s', (_name, query) => {
    expect(permissionDecision(query)).toBe(false);
  });

  it('lets the app write (never read) the clipboard for Share', () => {
    expect(permissionDecision({ permission: 'clipboard-sanitized-write', requestingUrl: app })).toBe(true);
    expect(
      permissionDecision({ permission: 'clipboard-sanitized-write', requestingUrl: 'https://evil.example' }),
    ).toBe(false);
  });
});
