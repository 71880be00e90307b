import { z } from 'zod';

/**
 * The phrase a person types to delete their account (the account section). The
 * server checks it too, so a stray or replayed request without it deletes nothing.
 */
export const DELETE_ACCOUNT_PHRASE = 'DELETE';

/** Why a missing or wrong phrase is refused (the 400 answer names the field: "confirm: ..."). */
export const DELETE_ACCOUNT_PHRASE_ERROR = `type ${DELETE_ACCOUNT_PHRASE} to delete your account`;

/** DELETE /api/account/delete body: exactly `{ "confirm": "DELETE" }` (case and spaces count). */
export const DeleteAccountBody = z.object({
  confirm: z.literal(DELETE_ACCOUNT_PHRASE, { error: DELETE_ACCOUNT_PHRASE_ERROR }),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** DELETE /api/account/delete answer; the session cookie is cleared with it. */
export const DeleteAccountResponse = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/** GET /api/account: what the account section of /settings shows about the signed-in user. */
export const AccountSummary = z.object({
  id: z.string(),
  /** The profile's display name, else the identity provider's name. */
  name: z.string().nullable(),
  email: z.string(),
  /** ISO date-time the account was created ("Member since"). */
  member_since: z.string(),
  /** Beats the user has uploaded. */
  beats_count: z.number().int().min(0),
  /** Licences the user bought; they stop being downloadable when the account is deleted. */
  licences_count: z.number().int().min(0),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** What a producer's kept beats (a buyer holds a licence) show as their producer once deleted. */
export const DELETED_PRODUCER_NAME = 'Deleted producer';
