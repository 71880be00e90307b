import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters (the handler key ignores them). */
  query: URLSearchParams;
  body: unknown;
  init: RequestInit | undefined;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch at the network boundary. Handlers are keyed "METHOD /path" (query ignored);
 * anything unhandled answers 404 {error}, like an API route that does not exist yet.
 */
export function stubFetch(handlers: Record<string, FetchHandler> = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const { pathname: path, searchParams: query } = new URL(url, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request = { method, path, query, body, init };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    return handler ? handler(request) : jsonResponse({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Requests to one path, e.g. calls('POST /api/sessions'). */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

/** A promise the test settles by hand, to observe in-between states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
