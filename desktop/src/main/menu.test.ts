import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function menu(platform: NodeJS.Platform, development = false) {
  const actions = { checkForUpdates: vi.fn(), navigate: vi.fn(), openExternal: vi.fn() };
  const items = flatten(buildMenuTemplate({ platform, appName: 'Beatroom', development, actions }));
  return { items, actions };
}

describe('native menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    'has the usual roles and Check for Updates… on %s',
    (platform) => {
      const { items, actions } = menu(platform);
      const roles = items.map((item) => item.role).filter(Boolean);
      expect(roles).toEqual(
        expect.arrayContaining(['editMenu', 'windowMenu', 'reload', 'togglefullscreen', 'zoomIn']),
      );
      expect(roles).toContain(platform === 'darwin' ? 'quit' : 'quit');
      const update = items.find((item) => item.id === 'check-for-updates')!;
      expect(update.label).toBe('Check for Updates…');
      update.click!(undefined as never, undefined, undefined as never);
      expect(actions.checkForUpdates).toHaveBeenCalled();
    },
  );

  it('puts the app menu first on macOS only', () => {
    expect(
      buildMenuTemplate({
        platform: 'darwin',
        appName: 'Beatroom',
        development: false,
        actions: menu('darwin').actions,
      })[0]!.label,
    ).toBe('Beatroom');
    expect(
      buildMenuTemplate({
        platform: 'win32',
        appName: 'Beatroom',
        development: false,
        actions: menu('win32').actions,
      })[0]!.label,
    ).toBe('File');
  });

  it('opens the app screens with shortcuts', () => {
    const { items, actions } = menu('linux');
    const library = items.find((item) => item.label === 'Library')!;
    expect(library.accelerator).toBe('CmdOrCtrl+L');
    library.click!(undefined as never, undefined, undefined as never);
    expect(actions.navigate).toHaveBeenCalledWith('/library');
    expect(items.find((item) => item.label === 'Upload Beat…')?.accelerator).toBe('CmdOrCtrl+U');
  });

  it('offers developer tools in development only', () => {
    expect(menu('linux').items.some((item) => item.role === 'toggleDevTools')).toBe(false);
    expect(menu('linux', true).items.some((item) => item.role === 'toggleDevTools')).toBe(true);
  });
});
