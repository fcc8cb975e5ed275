// `mcp guard --install --pin-versions`: an entry whose launch floats (`npx -y pkg`, a range, a tag)
// is held to the exact version its lock records, by rewriting the package argument in place
// (`pkg@^1` becomes `pkg@1.0.0`); nothing else of the entry changes. JSON and JSONC configs.
import type { Node } from "jsonc-parser";
import type { ConfigShape } from "../mcp/config-file.js";
import { npxLaunch, parsePackageSpec, specFloats } from "../mcp/package-spec.js";
import type { LockedPackage } from "../pin/package.js";
import { isGuardedArgv } from "./entry.js";
import { argvOf, rewrite, type ServerPaths } from "./guard-install.js";

/** What happened to one entry's package argument. */
export interface PinVersionOutcome {
  name: string;
  action: "pinned" | "unchanged" | "skipped";
  /** The argument before and after, for a pinned entry; else why it was left alone. */
  from: string | null;
  to: string | null;
  reason: string | null;
}

/**
 * Rewrites the floating package argument of each npx entry (all, or `only`) to the version
 * `locked(name)` records. An entry wrapped by the guard is read after the guard's `--`.
 */
export function pinVersions(
  text: string,
  shape: ConfigShape,
  paths: ServerPaths,
  locked: (name: string) => LockedPackage | null | undefined,
  only?: string,
): { text: string; outcomes: PinVersionOutcome[] } {
  const outcomes: PinVersionOutcome[] = [];
  const done = rewrite(text, paths, only, (_path, name, entry) => {
    const left = (action: "unchanged" | "skipped", reason: string) => {
      outcomes.push({ name, action, from: null, to: null, reason });
      return { outcome: { name, action: "unchanged" as const, reason }, steps: [] };
    };
    const found = argvOf(entry, shape);
    if (!found) return left("unchanged", "not a launch command");
    const guarded = isGuardedArgv(found.argv);
    const dash = guarded ? found.argv.indexOf("--", found.argv.indexOf("guard")) : -1;
    // The guard's one-argument form keeps the server's own command under x-toolscore- names.
    if (guarded && dash < 0)
      return left("skipped", "the guard wraps it already: uninstall, then install with --pin-versions");
    const start = guarded ? dash + 1 : 0;
    const own = found.argv.slice(start);
    const npx = npxLaunch(own);
    const spec = npx?.specIndex === undefined ? undefined : parsePackageSpec(own[npx.specIndex]!);
    if (!npx || npx.specIndex === undefined || !spec || !specFloats(spec))
      return left("unchanged", "its launch does not float");
    const pkg = locked(name);
    if (!pkg || pkg.ecosystem !== "npm" || pkg.name !== spec.name)
      return left("skipped", `the lock records no version of ${spec.name} for it: pin it first`);
    const at = start + npx.specIndex;
    const to = `${spec.name}@${pkg.version}`;
    const node = (now: Node): Node | undefined => {
      const f = argvOf(now, shape);
      return shape === "opencode" ? f?.command.children?.[at] : f?.args?.children?.[at - 1];
    };
    if (!node(entry)) return left("skipped", "its package argument could not be found");
    outcomes.push({ name, action: "pinned", from: spec.raw, to, reason: null });
    return {
      outcome: { name, action: "unchanged" as const, reason: null },
      steps: [
        (_t, now) => {
          const n = node(now)!;
          return [{ offset: n.offset, length: n.length, content: JSON.stringify(to) }];
        },
      ],
    };
  });
  return { text: done.text, outcomes };
}
