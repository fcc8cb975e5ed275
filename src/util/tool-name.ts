/**
 * Splits a tool name into lower-case words: snake, kebab, dot, slash, space and camelCase
 * (`getHTTPResponse_v2` is `get`, `http`, `response`, `v2`). The one splitter behind effect
 * rules, rename matching and lint's snake_case suggestion.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}
