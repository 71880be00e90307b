import { describe, expect, it, vi } from 'vitest';
import { createNotifier } from './notifications';

function notifier(inView: boolean, supported = true) {
  const shown: { options: { title: string; body: string }; click?: () => void }[] = [];
  const open = vi.fn();
  const instance = createNotifier({
    isSupported: () => supported,
    windowInView: () => inView,
    open,
    create: (options) => {
      const entry: (typeof shown)[number] = { options };
      shown.push(entry);
      return {
        on: (_event, listener) => (entry.click = listener),
        show: () => {},
      };
    },
  });
  return { instance, shown, open };
}

describe('system notifications', () => {
  it('shows one while the window is hidden, and a click opens the app at its path', () => {
    const { instance, shown, open } = notifier(false);
    expect(instance.show({ title: 'New follower', body: 'Ada followed you', path: '/profile/u2' })).toEqual({
      shown: true,
    });
    expect(shown[0]!.options).toEqual({ title: 'New follower', body: 'Ada followed you' });
    shown[0]!.click!();
    expect(open).toHaveBeenCalledWith('/profile/u2');
  });

  it('shows nothing while the user looks at the app (the toast is enough) or without support', () => {
    expect(notifier(true).instance.show({ title: 'x' })).toEqual({ shown: false });
    expect(notifier(false, false).instance.show({ title: 'x' })).toEqual({ shown: false });
  });
});
