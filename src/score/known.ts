import { NotChecked, compileSchema } from "./validate.js";

/** Values the server itself showed (in answers of list-like tools): ids, names and paths of things that exist. */
export interface Known {
  ids: string[];
  paths: string[];
  /** Names of things (`name: …`), for arguments such as `name` or `project_name`. */
  names?: string[];
}

/** A {@link Known} with nothing in it. */
export const emptyKnown = (): Required<Known> => ({ ids: [], paths: [], names: [] });

const ID_NAME = /^id$|_id$|[a-z]Id$/;
const NAME_NAME = /^name$|_name$|[a-z]Name$/;
const PATH_NAME =
  /^(path|file|filename|filepath|dir|directory|folder|root|source|destination|src|dest)$|_(path|file|dir|directory|folder)$|[a-z](Path|File|Dir|Directory|Folder)$/i;
// An absolute POSIX or Windows path, as a whole token.
const PATH_TOKEN = /^(\/[^\s"'`<>|*?]+|[A-Za-z]:\\[^\s"'`<>|*?]*)$/;

/** The absolute paths in a piece of text, in order, without repeats. */
export function pathsIn(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/[,;:.)\]}]+$/, "").replace(/^[([{]+/, "");
    if (PATH_TOKEN.test(token) && !token.startsWith("//") && !out.includes(token)) out.push(token);
  }
  return out;
}

/** True when `args` has an id-like or path-like string argument a known value could fill. */
export function hasKnownSlot(args: Record<string, unknown>): boolean {
  return Object.keys(args).some(
    (k) => typeof args[k] === "string" && (ID_NAME.test(k) || PATH_NAME.test(k) || NAME_NAME.test(k)),
  );
}

/**
 * Fills id-like arguments (`id`, `note_id`, `noteId`) with a known id, path-like ones (`path`,
 * `source`, `file_path`) with a known path and name-like ones (`name`, `project_name`) with a known name, the `index`-th of each, so "get by id" or "read a path"
 * is tried on something that exists rather than on a random string. The result is kept only when
 * the schema still accepts it; otherwise `args` come back unchanged.
 */
export function withKnown(
  args: Record<string, unknown>,
  inputSchema: unknown,
  known: Known,
  index = 0,
): Record<string, unknown> {
  const out = { ...args };
  let changed = false;
  for (const k of Object.keys(out)) {
    if (typeof out[k] !== "string") continue;
    const pool = ID_NAME.test(k)
      ? known.ids
      : PATH_NAME.test(k)
        ? known.paths
        : NAME_NAME.test(k)
          ? (known.names ?? [])
          : [];
    if (pool.length === 0) continue;
    out[k] = pool[index % pool.length]!;
    changed = true;
  }
  if (!changed) return args;
  try {
    return compileSchema(inputSchema)?.check(out) === null ? out : args;
  } catch (e) {
    // Known values that cannot be checked in time are not used: the drawn ones were.
    if (e instanceof NotChecked) return args;
    throw e;
  }
}
