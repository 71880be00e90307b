import { describe, expect, it } from 'vitest';
import { DesktopConfigError, loadDesktopConfig } from './config';

describe('BEATROOM_SERVER_URL', () => {
  it('defaults to the local server in development', () => {
    expect(loadDesktopConfig({}, { packaged: false })).toEqual({
      serverUrl: 'http://localhost:3000',
      serverWsUrl: 'ws://localhost:3000',
      development: true,
      rendererDevUrl: null,
    });
  });

  it('reads and normalises an https server, with wss for the socket', () => {
    const config = loadDesktopConfig(
      { BEATROOM_SERVER_URL: 'https://beatroom.example/' },
      { packaged: true },
    );
    expect(config.serverUrl).toBe('https://beatroom.example');
    expect(config.serverWsUrl).toBe('wss://beatroom.example');
    expect(config.development).toBe(false);
  });

  it('falls back to the address the build was made with, and needs one when packaged', () => {
    expect(loadDesktopConfig({}, { packaged: true, builtInServerUrl: 'https://b.example' }).serverUrl).toBe(
      'https://b.example',
    );
    expect(() => loadDesktopConfig({}, { packaged: true })).toThrow(DesktopConfigError);
  });

  it.each([
    ['not a URL', 'beatroom'],
    ['another scheme', 'ftp://beatroom.example'],
    ['a path', 'https://beatroom.example/api'],
    ['credentials', 'https://user:pw@beatroom.example'],
  ])('refuses %s', (_name, value) => {
    expect(() => loadDesktopConfig({ BEATROOM_SERVER_URL: value }, { packaged: false })).toThrow(
      /BEATROOM_SERVER_URL/,
    );
  });

  it('refuses plain http to a remote host in an installed app (the token would travel in clear)', () => {
    expect(() =>
      loadDesktopConfig({ BEATROOM_SERVER_URL: 'http://beatroom.example' }, { packaged: true }),
    ).toThrow(/https/);
    expect(
      loadDesktopConfig({ BEATROOM_SERVER_URL: 'http://127.0.0.1:3000' }, { packaged: true }).serverUrl,
    ).toBe('http://127.0.0.1:3000');
  });

  it('knows the renderer dev server in development only', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5174/' };
    expect(loadDesktopConfig(env, { packaged: false }).rendererDevUrl).toBe('http://localhost:5174');
    expect(
      loadDesktopConfig({ ...env, BEATROOM_SERVER_URL: 'https://b.example' }, { packaged: true })
        .rendererDevUrl,
    ).toBe(null);
  });
});
