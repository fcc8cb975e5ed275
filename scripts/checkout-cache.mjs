// The caches the scripts keep between runs, under node_modules/.cache (which every tool ignores).
// node_modules may be shared by several checkouts (a worktree linking another's), so each checkout
// has a folder of its own in each cache, named by a hash of its path.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A hash of this checkout's path: the name of its own place in a shared cache. */
export const checkoutKey = createHash("sha256").update(root).digest("hex").slice(0, 16);

/** This checkout's folder in the cache `name`. */
export const checkoutCache = (name) => join(root, "node_modules", ".cache", name, checkoutKey);
