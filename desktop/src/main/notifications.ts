import { SystemNotification } from '@beatroom/shared/ipc-app-contract';

export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface NotifierDeps {
  isSupported: () => boolean;
  create: (options: { title: string; body: string }) => NotificationLike;
  /** True while the user is looking at the app: visible, not minimised, focused. */
  windowInView: () => boolean;
  /** Brings the window forward and shows the route the notification points to. */
  open: (path: string | undefined) => void;
}

/**
 * System notifications for new notifications (the renderer forwards them from the realtime
 * connection). Shown only when the user is not looking at the app; in view, the in-app toast is
 * enough and a system banner would be a duplicate.
 */
export function createNotifier(deps: NotifierDeps) {
  return {
    show(input: SystemNotification): { shown: boolean } {
      const notification = SystemNotification.parse(input);
      if (deps.windowInView() || !deps.isSupported()) return { shown: false };
      const shown = deps.create({ title: notification.title, body: notification.body });
      shown.on('click', () => deps.open(notification.path));
      shown.show();
      return { shown: true };
    },
  };
}
