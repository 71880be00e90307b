import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Packaging cannot run here (it downloads Electron); these checks catch a broken installer
// configuration before a release engineer does.
const require = createRequire(import.meta.url);
const build = fileURLToPath(new URL('../../build/', import.meta.url));
const yaml = require('js-yaml') as { load(text: string): Record<string, unknown> };
/** The parts of the configuration the checks below read. */
interface BuilderConfig {
  protocols: { schemes: string[] }[];
  asarUnpack: string[];
  mac: { hardenedRuntime: boolean; extendInfo: Record<string, string>; target: { target: string }[] };
  win: { target: { target: string }[] };
  linux: { target: string[] };
  publish: { url: string };
}
const config = yaml.load(readFileSync(`${build}electron-builder.yml`, 'utf8')) as unknown as BuilderConfig;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util/out/DebugLogger.js') as {
      DebugLogger: new (on: boolean) => unknown;
    };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the app, registers beatroom:// and unpacks the native module', () => {
    expect(config).toMatchObject({ appId: 'com.beatroom.app', productName: 'Beatroom', npmRebuild: false });
    expect(config.protocols[0]?.schemes).toEqual(['beatroom']);
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3-napi/**');
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/microphone/);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.win.target[0]?.target).toBe('nsis');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.publish.url).toBe('${env.BEATROOM_UPDATES_URL}');
  });

  it('grants the hardened runtime only JIT and the microphone', () => {
    const plist = readFileSync(`${build}entitlements.mac.plist`, 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
    expect(keys).toEqual([
      'com.apple.security.cs.allow-jit',
      'com.apple.security.cs.allow-unsigned-executable-memory',
      'com.apple.security.device.audio-input',
    ]);
  });

  it('has every icon it refers to', () => {
    for (const icon of ['icons/icon.icns', 'icons/icon.ico', 'icons/icon.png']) {
      expect(readFileSync(`${build}${icon}`).length).toBeGreaterThan(1000);
    }
    expect(readFileSync(`${build}icons/icon.icns`).subarray(0, 4).toString('latin1')).toBe('icns');
  });
});

describe('notarize hook', () => {
  const hook = (require(`${build}notarize.cjs`) as { default: (context: unknown) => Promise<void> }).default;
  const context = (platform: string) => ({
    electronPlatformName: platform,
    appOutDir: '/tmp/out',
    packager: { appInfo: { productFilename: 'Beatroom' } },
  });

  it('does nothing for other platforms', async () => {
    await expect(hook(context('win32'))).resolves.toBeUndefined();
  });

  it('warns and skips without Apple credentials, but fails a release build', async () => {
    vi.stubEnv('APPLE_ID', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(hook(context('darwin'))).resolves.toBeUndefined();
    expect(warn.mock.calls[0]![0]).toMatch(/NOT notarized/);
    vi.stubEnv('BEATROOM_REQUIRE_NOTARIZATION', '1');
    await expect(hook(context('darwin'))).rejects.toThrow(/APPLE_ID/);
  });
});
