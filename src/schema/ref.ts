import { isObject } from "../util/json.js";

/**
 * Follows a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer, or a plain-name
 * anchor `#name`) inside `root`. Anything else (a remote reference, a broken pointer, bad
 * percent-encoding) is `undefined`: schemas come from servers, and this never throws.
 */
export function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith("#")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) return findAnchor(root, pointer);
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

function findAnchor(node: unknown, name: string, seen = new Set<unknown>()): unknown {
  if (!isObject(node) && !Array.isArray(node)) return undefined;
  if (seen.has(node)) return undefined;
  seen.add(node);
  if (isObject(node) && (node.$anchor === name || node.$id === `#${name}`)) return node;
  for (const v of Object.values(node)) {
    const found = findAnchor(v, name, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** True when `ref` is an absolute `http:` or `https:` URL: a network reference, never fetched. */
export function isNetworkRef(ref: string): boolean {
  if (!/^https?:/i.test(ref)) return false;
  try {
    new URL(ref);
    return true;
  } catch {
    return false;
  }
}

/**
 * The network references (`$ref` to an absolute `http:` or `https:` URL) that `schema` reaches,
 * itself or through the local references it follows inside `root`, each once, in the order found.
 * Iterative and cycle-safe: schemas come from servers.
 */
export function networkRefsIn(schema: unknown, root: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if ((!isObject(node) && !Array.isArray(node)) || seen.has(node)) continue;
    seen.add(node);
    if (isObject(node) && typeof node.$ref === "string") {
      if (isNetworkRef(node.$ref)) {
        if (!found.includes(node.$ref)) found.push(node.$ref);
      } else stack.push(resolveRef(node.$ref, root));
    }
    const children = Array.isArray(node) ? node : Object.values(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return found;
}
