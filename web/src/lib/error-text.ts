import { isApiError } from './api-client';

/** A failure's message for the log: an Error's message, anything else as text. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's own `error` text, or null when it sent none (the client's generic status
 * sentence): screens show the server's words and fall back to their own.
 */
export function serverErrorText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.message === `API responded with HTTP status ${error.status}` ? null : error.message;
}
