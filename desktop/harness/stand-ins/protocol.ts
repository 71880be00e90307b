/**
 * The `beatroom://` scheme registration (app.setAsDefaultProtocolClient and the open-url /
 * second-instance events) without Electron or an operating system: the harness registers a
 * handler, and a link "opened" on this machine (POST /__harness/open-url) is handed to it the
 * way the OS hands a link to the running app.
 */
export function createProtocolStandIn() {
  const handlers = new Map<string, (url: string) => void>();
  return {
    setAsDefaultProtocolClient(scheme: string, handler: (url: string) => void): boolean {
      handlers.set(scheme, handler);
      return true;
    },
    /** True when a registered app took the link. */
    open(url: string): boolean {
      let scheme: string;
      try {
        scheme = new URL(url).protocol.replace(/:$/, '');
      } catch {
        return false;
      }
      const handler = handlers.get(scheme);
      if (!handler) return false;
      handler(url);
      return true;
    },
  };
}
