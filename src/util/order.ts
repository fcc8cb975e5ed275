/**
 * Compares two strings by UTF-16 code units, the order of RFC 8785 and of `Array.prototype.sort`
 * without a comparator: the same on every machine and locale, unlike `localeCompare`.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
