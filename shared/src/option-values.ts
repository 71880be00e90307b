/**
 * The values of a non-empty `{ value, label }` list as the tuple `z.enum` wants, typed from the
 * list itself so a new option needs no second edit.
 */
export function optionValues<const T extends readonly [{ value: string }, ...{ value: string }[]]>(
  options: T,
): [T[number]['value'], ...T[number]['value'][]] {
  return options.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];
}
