/**
 * Compares two strings by UTF-16 code units, the order of RFC 8785 and of `Array.prototype.sort`
 * without a comparator: the same on every machine and locale, unlike `localeCompare`.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes each item as an argument,
 * and a list a server controls (prompts, findings, enum values) can hold more than a call takes.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values`, or `empty` when there are none; a loop, for the reason above. */
export function maxOf(values: Iterable<number>, empty = 0): number {
  let max: number | undefined;
  for (const v of values) if (max === undefined || v > max) max = v;
  return max ?? empty;
}

/** The smallest of `values`, or `empty` when there are none. */
export function minOf(values: Iterable<number>, empty = 0): number {
  let min: number | undefined;
  for (const v of values) if (min === undefined || v < min) min = v;
  return min ?? empty;
}
