// Building blocks of every contract field a person types or a URL carries, so each rule about
// free text (trimming, blanks, the NUL character) is written once.
import { z } from 'zod';

/** Query values arrive as strings; an empty value means "not set" (a cleared form field). */
export const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Optional choice fields: a select left on "none" may send '' or null; both mean null. */
export const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** Optional free text: a value of only spaces means none. */
export const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** The error of a text holding U+0000, after the field's name ("title: must not ..."). */
export const NUL_CHARACTER_ERROR = 'must not contain the NUL character (\\u0000)';

/**
 * Every free-text field of the contracts starts here. PostgreSQL's text type cannot store
 * U+0000, so a NUL that got past validation failed deep in a query as a 500; refusing it here
 * makes it a 400 with a readable error, on the server and in the forms alike.
 */
export function text(params?: { error?: string }) {
  return z.string(params).refine((value) => !value.includes('\u0000'), NUL_CHARACTER_ERROR);
}
