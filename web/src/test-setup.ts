import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as Zustand from 'zustand';
import type { StateCreator } from 'zustand';
import { LOADED_MACHINE_WAIT_MS } from '@beatroom/shared/loaded-machine-waits';

// findBy*/waitFor default to 1 s, which a loaded 2-core CI machine can exceed while jsdom
// renders a whole page; a slow pass is not a failure, a wrong screen still is.
configure({ asyncUtilTimeout: LOADED_MACHINE_WAIT_MS });

// The server's signed-in hint (features/session/api.ts): tests answer /api/users/me with
// their own fetch stub, so the page must ask it, as it does in a browser that holds a session.
const SIGNED_IN_HINT = 'beatroom_signed_in=1; path=/';
document.cookie = SIGNED_IN_HINT;

// Every zustand store back to its first state after each test. The stores are module singletons,
// and the files of a worker share one module graph (vitest.config.ts: isolate false), so a
// dialog left open or a track left playing would otherwise reach the next file.
vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof Zustand>();
  const tracked = (initializer: StateCreator<unknown>) => {
    const store = zustand.create(initializer);
    const initial = store.getState();
    storeResets().add(() => store.setState(initial, true));
    return store;
  };
  const create = ((initializer?: StateCreator<unknown>) =>
    initializer ? tracked(initializer) : tracked) as unknown as typeof zustand.create;
  return { ...zustand, create };
});

/** Kept on globalThis: this file runs again before each test file, the mocked zustand once per worker. */
function storeResets(): Set<() => void> {
  const holder = globalThis as { beatroomStoreResets?: Set<() => void> };
  return (holder.beatroomStoreResets ??= new Set());
}

// Testing Library only cleans up by itself when test globals are on; this project keeps them off.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = SIGNED_IN_HINT;
  for (const reset of storeResets()) reset();
});

// jsdom lacks these browser APIs; Radix menus and popovers call them while positioning, and
// React Router's scroll restoration scrolls on every navigation.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};

// jsdom's WebSocket dials real sockets: any test with a signed-in user would reach for
// ws://localhost/api/ws through the app's realtime connection. This one never opens (and never
// closes by itself); realtime tests stub WebSocket with a fake they drive.
class OfflineWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
globalThis.WebSocket = OfflineWebSocket as unknown as typeof WebSocket;
