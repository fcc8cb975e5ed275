// `mcp guard --install --pin-versions`: an entry whose launch floats (`npx -y pkg`, a range, a tag)
// is held to the exact version its lock records, by rewriting the package argument in place
// (`pkg@^1` becomes `pkg@1.0.0`); nothing else of the entry changes. JSON and JSONC configs here
// (Codex's TOML: pin-versions-toml.ts). An entry the guard wraps is held after its `--`, or, in its
// one-argument form, in both the command line it runs and the command kept beside it.
import { findNodeAtLocation, type Node } from "jsonc-parser";
import { joinCommand } from "../mcp/argv.js";
import type { ConfigShape } from "../mcp/config-file.js";
import { npxLaunch, parsePackageSpec, specFloats } from "../mcp/package-spec.js";
import type { LockedPackage } from "../pin/package.js";
import { isGuardedArgv } from "./entry.js";
import { KEPT_PREFIX } from "./guard-install-kept.js";
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

// A guarded argv with no `--`: the guard's one-argument form.
const oneArgument = (argv: readonly string[]) => argv.indexOf("--", argv.indexOf("guard")) < 0;

// The entry's own command as the guard's one-argument form keeps it, under x-toolscore- names.
function keptOwn(entry: Node, shape: ConfigShape): string[] | undefined {
  if (shape === "opencode") return undefined;
  const command = findNodeAtLocation(entry, [`${KEPT_PREFIX}command`]);
  const args = findNodeAtLocation(entry, [`${KEPT_PREFIX}args`]);
  if (command?.type !== "string") return undefined;
  if (args !== undefined && (args.type !== "array" || !args.children!.every((c) => c.type === "string")))
    return undefined;
  return [command.value as string, ...(args?.children ?? []).map((c) => c.value as string)];
}

/** Where an argv's floating package argument is and what it becomes, or why it is left alone. */
export type HoldPlan =
  { at: number; from: string; to: string } | { action: "unchanged" | "skipped"; reason: string };

/**
 * The plan for one entry's argv: its npx package argument (after the guard's `--` when the guard
 * wraps it) when that floats, held to the version `pkg` (the lock's) records.
 */
export function holdPlan(argv: readonly string[], pkg: LockedPackage | null | undefined): HoldPlan {
  const guarded = isGuardedArgv(argv);
  const dash = guarded ? argv.indexOf("--", argv.indexOf("guard")) : -1;
  // The guard's one-argument form, without the command it runs kept beside it.
  if (guarded && dash < 0)
    return {
      action: "skipped",
      reason: "the guard wraps it already: uninstall, then install with --pin-versions",
    };
  const start = guarded ? dash + 1 : 0;
  const own = argv.slice(start);
  const npx = npxLaunch(own);
  const spec = npx?.specIndex === undefined ? undefined : parsePackageSpec(own[npx.specIndex]!);
  if (!npx || npx.specIndex === undefined || !spec || !specFloats(spec))
    return { action: "unchanged", reason: "its launch does not float" };
  if (!pkg || pkg.ecosystem !== "npm" || pkg.name !== spec.name)
    return { action: "skipped", reason: `the lock records no version of ${spec.name} for it: pin it first` };
  return { at: start + npx.specIndex, from: spec.raw, to: `${spec.name}@${pkg.version}` };
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
    const kept = isGuardedArgv(found.argv) && oneArgument(found.argv) ? keptOwn(entry, shape) : undefined;
    if (kept) {
      // The guard's one-argument form: the command line it runs, and the command the entry keeps.
      if (found.argv.at(-1) !== joinCommand(kept))
        return left(
          "skipped",
          "the command line the guard runs is not the command the entry keeps: uninstall, then install with --pin-versions",
        );
      const plan = holdPlan(kept, locked(name));
      if ("reason" in plan) return left(plan.action, plan.reason);
      const line = JSON.stringify(joinCommand(kept.map((w, i) => (i === plan.at ? plan.to : w))));
      outcomes.push({ name, action: "pinned", from: plan.from, to: plan.to, reason: null });
      return {
        outcome: { name, action: "unchanged" as const, reason: null },
        steps: [
          (_t, now) => {
            const last = argvOf(now, shape)!.args!.children!.at(-1)!;
            return [{ offset: last.offset, length: last.length, content: line }];
          },
          (_t, now) => {
            const item = findNodeAtLocation(now, [`${KEPT_PREFIX}args`, plan.at - 1])!;
            return [{ offset: item.offset, length: item.length, content: JSON.stringify(plan.to) }];
          },
        ],
      };
    }
    const plan = holdPlan(found.argv, locked(name));
    if ("reason" in plan) return left(plan.action, plan.reason);
    const { at, from, to } = plan;
    const node = (now: Node): Node | undefined => {
      const f = argvOf(now, shape);
      return shape === "opencode" ? f?.command.children?.[at] : f?.args?.children?.[at - 1];
    };
    if (!node(entry)) return left("skipped", "its package argument could not be found");
    outcomes.push({ name, action: "pinned", from, to, reason: null });
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
