import { ErrorBody } from '@beatroom/shared/auth-contract';
import { ApiError, apiUrl, type ResponseParser } from './api-client';

export interface UploadOptions<T> {
  /** Called with the fraction of bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  schema?: ResponseParser<T>;
}

function errorMessage(status: number, text: string): string {
  const fallback = `API responded with HTTP status ${status}`;
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.error ? parsed.data.error : fallback;
  } catch {
    return fallback;
  }
}

/**
 * POSTs a multipart body with XMLHttpRequest, because fetch cannot report upload progress. It
 * goes where the api client goes, authenticated the same way (the cookie on the web; in the
 * desktop app, main's Bearer header). Failures behave like the api client's: an HTTP error is
 * an ApiError carrying the server's `error` text; a network failure is a TypeError; an abort is
 * a DOMException named AbortError.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  body: FormData,
  { onProgress, signal, schema }: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      done();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, errorMessage(xhr.status, xhr.responseText)));
        return;
      }
      try {
        const data: unknown = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        resolve(schema ? schema.parse(data) : (data as T));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new TypeError('Network error while uploading'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send(body);
  });
}
