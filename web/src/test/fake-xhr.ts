import { vi } from 'vitest';

/**
 * XMLHttpRequest at the network boundary, for uploads that report byte progress. The test
 * drives each request: progress(), respond(), fail().
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  removeEventListener(type: string, listener: EventListener) {
    this.events.removeEventListener(type, listener);
  }

  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

/** Installs FakeXhr as the global XMLHttpRequest (undone by vi.unstubAllGlobals). */
export function stubXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    /** The last request to this path, once it has been sent. */
    last: (path: string) => FakeXhr.requests.filter((r) => r.url === path).at(-1),
    all: (path: string) => FakeXhr.requests.filter((r) => r.url === path),
  };
}
