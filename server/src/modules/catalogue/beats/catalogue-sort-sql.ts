import type { BeatListQuery } from '@beatroom/shared/beat-list-contract';
import type { BeatSort } from '@beatroom/shared/catalogue-constants';

/**
 * The building blocks of the catalogue statements: the statement being written, each sort's
 * order and the keyset conditions and page window that follow from it.
 */

/** A statement being written: SQL text and its parameters, `$n` numbered as they are added. */
export class Statement {
  readonly values: unknown[] = [];
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /**
   * A page size or offset, written into the text: with LIMIT $n PostgreSQL costs a generic plan
   * for an unknown row count, finds it dearer than the custom ones and plans every execution
   * again (0.1-0.4 ms each); with the number in the text it keeps one plan per statement.
   * Only validated integers come here.
   */
  count(value: number): string {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
    return String(value);
  }
}

/**
 * Each sort as its column of beats and directions, served by an index of the catalogue
 * migrations: a backward scan of (created_at DESC, id) gives created_at ASC, id DESC, hence the
 * tie-breaker directions. The id tie-breaker makes pages stable when values repeat, and keyset pages exact.
 */
export const SORTS: Record<BeatSort, { column: string; desc: boolean; idDesc: boolean }> = {
  newest: { column: 'created_at', desc: true, idDesc: false },
  oldest: { column: 'created_at', desc: false, idDesc: true },
  popular: { column: 'play_count', desc: true, idDesc: false },
  downloads: { column: 'download_count', desc: true, idDesc: false },
  price_low: { column: 'lowest_price_cents', desc: false, idDesc: false },
  price_high: { column: 'lowest_price_cents', desc: true, idDesc: true },
};

export function orderBy(sort: BeatSort, table = 'b'): string {
  const s = SORTS[sort];
  return `${table}.${s.column} ${s.desc ? 'DESC' : 'ASC'}, ${table}.id ${s.idDesc ? 'DESC' : 'ASC'}`;
}

/**
 * Whether a row comes before another in the sort's order, each given as its value of the sort's
 * column and its id.
 */
export function sortsBefore(
  sort: BeatSort,
  a: { value: string; id: string },
  b: { value: string; id: string },
): string {
  const s = SORTS[sort];
  return `(${a.value} ${s.desc ? '>' : '<'} ${b.value}
    OR (${a.value} = ${b.value} AND ${a.id} ${s.idDesc ? '>' : '<'} ${b.id}))`;
}

/** The sort's value of a row `r` of CARD_COLUMNS, as a cursor keeps it. */
export function sortValue(sort: BeatSort): string {
  const { column } = SORTS[sort];
  return column === 'created_at'
    ? `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `r.${column}`;
}

/**
 * Where a keyset page starts: after the beat `id` whose sort value is `value`; for the default
 * order, also whether that beat was among the boosted ones listed first.
 */
export interface ListAfter {
  value: string | number;
  id: string;
  boosted?: boolean;
}

/**
 * Rows strictly after `after` in the sort's order: rows `after` sorts before. The first,
 * redundant comparison is the one an index range scan can start from.
 */
export function afterCondition(st: Statement, sort: BeatSort, after: ListAfter): string {
  const s = SORTS[sort];
  const cast = s.column === 'created_at' ? '::timestamptz' : '::int';
  const start = { value: `${st.param(after.value)}${cast}`, id: `${st.param(after.id)}::uuid` };
  const row = { value: `b.${s.column}`, id: 'b.id' };
  return `${row.value} ${s.desc ? '<' : '>'}= ${start.value} AND ${sortsBefore(sort, start, row)}`;
}

/** LIMIT and OFFSET of a page; a keyset page (`after`) starts where its cursor says instead. */
export function pageWindow(st: Statement, q: BeatListQuery, after?: ListAfter): string {
  return after ? `LIMIT ${st.count(q.limit)}` : `LIMIT ${st.count(q.limit)} OFFSET ${st.count(q.offset)}`;
}
