import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { z } from 'zod';

/** Every id the database makes is a UUID (gen_random_uuid()). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be an id at all; PostgreSQL would refuse anything else with an error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The `:id` parameter of a route. A malformed id names nothing, exactly like an unknown one, so
 * both answer 404 with `notFoundMessage` (the errors plugin turns a params failure into a 404).
 */
export function idParams(notFoundMessage: string) {
  return z.object({ id: z.string().regex(UUID, notFoundMessage) });
}

export const USER_NOT_FOUND = 'User not found';

/** `:id` of /api/beats/{id}/… routes, whichever module serves them. */
export const beatIdParams = idParams(BEAT_NOT_FOUND);
/** `:id` of /api/users/{id}/… routes, whichever module serves them. */
export const userIdParams = idParams(USER_NOT_FOUND);
