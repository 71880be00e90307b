/**
 * A failed HTTP answer from the API. `message` is the server's `error` text when it sent one
 * (docs/domain.md#errors), otherwise a generic sentence naming the status. Network failures
 * are not ApiErrors: fetch's own TypeError passes through, because there is no status to report.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Anything with a zod-like `parse`, so callers can hand in the shared contracts as they are. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A parser loaded when first needed (see lazySchema). */
export interface LazyResponseParser<T> {
  load(): Promise<ResponseParser<T>>;
}

/**
 * A contract's schema imported when a request first needs it, in parallel with the request:
 * the first load's requests (the beat list, the session) are checked as ever, but zod and the
 * contracts stay out of the first load's JavaScript.
 */
export function lazySchema<T>(load: () => Promise<ResponseParser<T>>): LazyResponseParser<T> {
  let loading: Promise<ResponseParser<T>> | null = null;
  return {
    load() {
      loading ??= load();
      return loading;
    },
  };
}

/**
 * A parser that checks the answer's text elsewhere (lib/answer-checks: in a worker), started
 * beside the request by `prepareCheck`.
 */
export interface AnswerChecker<T> {
  prepareCheck(): void;
  checkText(text: string): Promise<T>;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData goes as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the answer; without it the body is returned as the caller's declared type. */
  schema?: ResponseParser<T> | LazyResponseParser<T> | AnswerChecker<T>;
}

/**
 * How the client reaches the API. Authentication is never the client's business: on the web the
 * session is an httpOnly cookie; in the desktop app main adds the Bearer header to every request
 * to the configured server, so the page never holds the token.
 */
export interface ApiClientOptions {
  /** Prefix for every path. Empty on the web (same origin); the desktop app sets the server URL. */
  baseUrl?: string;
}

export type RequestWithoutMethod<T> = Omit<RequestOptions<T>, 'method'>;

async function readErrorMessage(response: Response): Promise<string> {
  const fallback = `API responded with HTTP status ${response.status}`;
  try {
    // The shape of ErrorBody ({ error: string }), checked by hand: this module is in every
    // first load, the contract's zod is not.
    const body = (await response.json()) as unknown;
    const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    return typeof error === 'string' && error ? error : fallback;
  } catch {
    // Proxies and crashed servers answer HTML or nothing; the status still tells the story.
    return fallback;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * A client for the API. `options` is read on every request, so a client configured after
 * creation (configureApiClient) takes effect everywhere at once.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  async function request<T = unknown>(path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, signal, schema } = requestOptions;
    // (Not `check`: zod's schemas have a method of that name.)
    const checker = schema && 'checkText' in schema ? schema : null;
    checker?.prepareCheck();
    // A lazy schema starts loading now, beside the request.
    const parser = !schema || 'checkText' in schema ? null : 'load' in schema ? schema.load() : schema;
    // A failed request never awaits it: its failure must not go unhandled.
    if (parser instanceof Promise) parser.catch(() => undefined);
    const baseUrl = options.baseUrl ?? '';
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    // The session is an httpOnly cookie, so every call must carry credentials.
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'include',
    });
    if (!response.ok) throw new ApiError(response.status, await readErrorMessage(response));

    if (checker) return checker.checkText(response.status === 204 ? '' : await response.text());
    const data = await readBody(response);
    const resolved = await parser;
    return resolved ? resolved.parse(data) : (data as T);
  }

  return {
    request,
    get: <T = unknown>(path: string, options?: RequestWithoutMethod<T>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, options?: RequestWithoutMethod<T>) =>
      request<T>(path, { ...options, method: 'POST' }),
    put: <T = unknown>(path: string, options?: RequestWithoutMethod<T>) =>
      request<T>(path, { ...options, method: 'PUT' }),
    patch: <T = unknown>(path: string, options?: RequestWithoutMethod<T>) =>
      request<T>(path, { ...options, method: 'PATCH' }),
    delete: <T = unknown>(path: string, options?: RequestWithoutMethod<T>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const defaultOptions: ApiClientOptions = {};

/** The client every feature api uses: same-origin on the web, configured by the desktop app. */
export const apiClient = createApiClient(defaultOptions);

/**
 * Points every feature's API calls at another server. Called once by the desktop renderer before
 * the app renders; the web never calls it.
 */
export function configureApiClient(options: ApiClientOptions): void {
  Object.assign(defaultOptions, options);
}

/**
 * Whether the API is the page's own origin, reached with the page's cookies (the web), rather
 * than a configured server the desktop app signs requests to.
 */
export function apiIsSameOrigin(): boolean {
  return !defaultOptions.baseUrl;
}

/** The full URL of an API path, for things fetch() does not load (links, <audio> sources). */
export function apiUrl(path: string): string {
  return `${defaultOptions.baseUrl ?? ''}${path}`;
}

/** The WebSocket URL of an API path (e.g. /api/ws): same host as the API, ws: or wss:. */
export function realtimeUrl(path: string): string {
  const base = new URL(defaultOptions.baseUrl || window.location.origin);
  return `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}${path}`;
}

/** True for an HTTP answer with this status, so callers can branch without instanceof noise. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
