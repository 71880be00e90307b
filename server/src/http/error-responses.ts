import { ErrorBody } from '@beatroom/shared/auth-contract';

/**
 * The failure statuses a route may declare; each answers `{ "error": "<message>" }`. 502 is for
 * a payment provider that failed upstream (a refund Stripe refused), never for our own faults.
 */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 502;

/**
 * The response schemas of a route's failures, one ErrorBody per status:
 * `response: { 200: Beat, ...errorResponses(400, 401, 404) }`. The API reference lists exactly
 * these, so a route declares every status it can answer with.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorBody } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as {
    [K in S[number]]: typeof ErrorBody;
  };
}
