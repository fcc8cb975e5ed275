// The package a lock records (`package`): how it is named, compared and checked when read.
import { isObject } from "../util/json.js";
import { PACKAGE_ECOSYSTEMS, type LockedPackage, type PackageEcosystem } from "../mcp/package-spec.js";

export type { LockedPackage, PackageResolution } from "../mcp/package-spec.js";

/** `name@version`, the way a person names a package. */
export function packageLabel(p: LockedPackage): string {
  return `${p.name}@${p.version}`;
}

/** True when two resolutions name the same package, version and integrity. */
export function samePackage(a: LockedPackage, b: LockedPackage): boolean {
  return (
    a.ecosystem === b.ecosystem && a.name === b.name && a.version === b.version && a.integrity === b.integrity
  );
}

/** Checks the `package` and `package_reason` keys of parsed lock JSON; `bad` makes the error. */
export function checkLockPackage(data: Record<string, unknown>, bad: (why: string) => Error): void {
  if (!Object.hasOwn(data, "package")) {
    if (Object.hasOwn(data, "package_reason")) throw bad('"package_reason" without "package"');
    return;
  }
  const p = data.package;
  if (p === null) {
    if (typeof data.package_reason !== "string") throw bad('"package" is null without a "package_reason"');
    return;
  }
  if (
    !isObject(p) ||
    !PACKAGE_ECOSYSTEMS.includes(p.ecosystem as PackageEcosystem) ||
    typeof p.name !== "string" ||
    typeof p.version !== "string" ||
    (p.integrity !== null && typeof p.integrity !== "string")
  )
    throw bad('"package" is neither null nor a package (ecosystem, name, version, integrity)');
}
