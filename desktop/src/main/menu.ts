import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  checkForUpdates: () => void;
  /** Shows an app screen (a route such as /library). */
  navigate: (path: string) => void;
  openExternal: (url: string) => void;
}

/**
 * The native menu: the platform's usual roles (so Cmd/Ctrl+C, V, Z, Q, W, M, full screen and
 * zoom behave as everywhere else), the app's own screens with shortcuts, and Check for Updates…
 * (in the app menu on macOS, under Help elsewhere, where users of each system look for it).
 */
export function buildMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  development: boolean;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { actions } = options;
  const mac = options.platform === 'darwin';
  const checkForUpdates: MenuItemConstructorOptions = {
    id: 'check-for-updates',
    label: 'Check for Updates…',
    click: () => actions.checkForUpdates(),
  };

  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        checkForUpdates,
        { type: 'separator' },
        { label: 'Settings…', accelerator: 'Cmd+,', click: () => actions.navigate('/settings') },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: [
        { label: 'Upload Beat…', accelerator: 'CmdOrCtrl+U', click: () => actions.navigate('/upload') },
        { label: 'Library', accelerator: 'CmdOrCtrl+L', click: () => actions.navigate('/library') },
        ...(mac
          ? []
          : [
              { type: 'separator' } as const,
              { label: 'Settings', accelerator: 'Ctrl+,', click: () => actions.navigate('/settings') },
            ]),
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Home', accelerator: 'CmdOrCtrl+Shift+H', click: () => actions.navigate('/') },
        {
          label: 'Notifications',
          accelerator: 'CmdOrCtrl+Shift+N',
          click: () => actions.navigate('/notifications'),
        },
        { type: 'separator' },
        { role: 'reload' },
        ...(options.development ? [{ role: 'toggleDevTools' } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Support', click: () => actions.navigate('/support') },
        { label: 'Beatroom Website', click: () => actions.openExternal('https://beatroom.app') },
        ...(mac ? [] : [{ type: 'separator' } as const, checkForUpdates]),
      ],
    },
  );
  return template;
}
