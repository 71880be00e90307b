import type { BeatSort } from '@beatroom/shared/catalogue-constants';
import { badRequest } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { CardRow } from './beat-card-sql';
import type { ListAfter } from './catalogue-sort-sql';

/**
 * Keyset cursors of GET /api/beats: the sort, and the sort value and id of a page's last beat,
 * as base64url JSON. Opaque to clients; one made for another sort is refused rather than
 * silently starting somewhere else.
 */
export const BAD_CURSOR = 'cursor: is not a cursor of this list';

export function encodeCursor(sort: BeatSort, last: CardRow): string {
  // The default order lists boosted beats first: the cursor says in which group it stopped.
  const position = [sort, last.sort_value, last.id, ...(last.boosted === undefined ? [] : [last.boosted])];
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor names, or a 400 naming the parameter. */
export function decodeCursor(sort: BeatSort, cursor: string): ListAfter {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length < 3 || parsed.length > 4) throw badRequest(BAD_CURSOR);
  const [cursorSort, value, id, boosted] = parsed as unknown[];
  if (boosted !== undefined && typeof boosted !== 'boolean') throw badRequest(BAD_CURSOR);
  const byDate = sort === 'newest' || sort === 'oldest';
  const valueOk = byDate
    ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
    : Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31;
  if (cursorSort !== sort || !valueOk || typeof id !== 'string' || !isUuid(id)) throw badRequest(BAD_CURSOR);
  return { value: value as string | number, id, ...(boosted === undefined ? {} : { boosted }) };
}
