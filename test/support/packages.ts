// Shared by the package-binding tests: the fixture package at a chosen version, packed into a
// tarball, and the npm client run with a temporary cache and no network but what a test names.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { ROOT } from "./cli.js";

/** The fixture package's folder. */
export const NOTES_PACKAGE = join(ROOT, "test", "fixtures", "packages", "notes-server");
/** Its name. */
export const NOTES_NAME = "toolscore-fixture-notes";

/** A copy of the fixture package under `dir`, its version set to `version`; returns the folder. */
export function notesPackageAt(dir: string, version: string): string {
  const to = join(dir, `notes-${version}`);
  cpSync(NOTES_PACKAGE, to, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(to, "package.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(to, "package.json"), JSON.stringify({ ...pkg, version }, null, 2));
  return to;
}

/** Runs npm with `args` in `cwd`; npm's own chatter (update check, audit, fund) is off. */
export async function npm(args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", args, {
    cwd,
    env: {
      ...process.env,
      npm_config_update_notifier: "false",
      npm_config_audit: "false",
      npm_config_fund: "false",
      ...env,
    },
    timeout: 120_000,
  });
  return stdout;
}

/**
 * The folder `dir` (files only, no subfolders) as npm's tarball format: a gzipped tar whose entries
 * sit under `package/`. Made in-process, for a registry that only needs something to serve.
 */
export async function tarballOf(dir: string): Promise<Buffer> {
  const tar = pack();
  for (const name of readdirSync(dir).sort())
    tar.entry({ name: `package/${name}`, mode: 0o644 }, readFileSync(join(dir, name)));
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/**
 * Publishes the package folder `dir` to the registry at `url` (ending in "/") as npm publish does:
 * one PUT of the manifest, its dist (integrity, shasum, tarball address) and the tarball attached.
 */
export async function publishTo(url: string, dir: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  const { name, version } = manifest;
  const tgz = await tarballOf(dir);
  const file = `${name}-${version}.tgz`;
  const body = {
    _id: name,
    name,
    "dist-tags": { latest: version },
    versions: {
      [version]: {
        ...manifest,
        _id: `${name}@${version}`,
        dist: {
          integrity: `sha512-${createHash("sha512").update(tgz).digest("base64")}`,
          shasum: createHash("sha1").update(tgz).digest("hex"),
          tarball: `${url}${name}/-/${file}`,
        },
      },
    },
    _attachments: {
      [file]: { content_type: "application/octet-stream", data: tgz.toString("base64"), length: tgz.length },
    },
  };
  const r = await fetch(`${url}${name}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`publishing ${name}@${version} failed: ${r.status} ${await r.text()}`);
}
