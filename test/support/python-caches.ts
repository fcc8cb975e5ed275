// The environments uv and pipx leave on the disk, laid out as they write them, for the tests of
// reading what a `uvx` or `pipx run` launch ran (neither tool is needed, nor an index): a virtual
// environment whose site-packages holds the distribution's module and its `*.dist-info` (METADATA,
// RECORD with each file's hash, INSTALLER); uv's under `archive-v0/<id>`, linked from
// `environments-v2/<name>-<hash>`; pipx's under `.cache/<hash>` with its `pipx_metadata.json`.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const hex = (text: string, n: number) => createHash("sha256").update(text).digest("hex").slice(0, n);

/** Writes a virtual environment at `venv` with `name` `version` installed by `installer`. */
export function virtualEnvironment(venv: string, name: string, version: string, installer: string): void {
  mkdirSync(venv, { recursive: true });
  writeFileSync(
    join(venv, "pyvenv.cfg"),
    "home = /usr/bin\nimplementation = CPython\nversion_info = 3.12.3\ninclude-system-site-packages = false\n",
  );
  const site = join(venv, "lib", "python3.12", "site-packages");
  const module = name.toLowerCase().replace(/[-.]+/g, "_");
  const info = `${module}-${version}.dist-info`;
  mkdirSync(join(site, module), { recursive: true });
  mkdirSync(join(site, info));
  const files: Record<string, string> = {
    [`${module}/__init__.py`]: `__version__ = "${version}"\n`,
    [`${info}/METADATA`]: `Metadata-Version: 2.3\nName: ${name}\nVersion: ${version}\nSummary: A notes server\n\nVersion: not-a-header\n`,
    [`${info}/INSTALLER`]: `${installer}\n`,
    [`${info}/WHEEL`]:
      "Wheel-Version: 1.0\nGenerator: hatchling 1.25.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
  };
  const lines: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(join(site, path), text);
    const digest = createHash("sha256").update(text).digest("base64url");
    lines.push(`${path},sha256=${digest},${Buffer.byteLength(text)}`);
  }
  lines.push(`${info}/RECORD,,`);
  writeFileSync(join(site, info, "RECORD"), lines.join("\n") + "\n");
}

/** The RECORD file of `name` `version` in `venv`, as the integrity is computed over it. */
export function recordOf(venv: string, name: string, version: string): Buffer {
  const module = name.toLowerCase().replace(/[-.]+/g, "_");
  return readFileSync(
    join(venv, "lib", "python3.12", "site-packages", `${module}-${version}.dist-info`, "RECORD"),
  );
}

/** `sha256-` and the base64 SHA-256 of `bytes`. */
export const sha256Integrity = (bytes: Buffer) =>
  `sha256-${createHash("sha256").update(bytes).digest("base64")}`;

/** A uv cached environment with `name` `version`; returns the environment's real folder. */
export function uvEnvironment(cache: string, name: string, version: string, salt = ""): string {
  const id = hex(`${name} ${version} ${salt} archive`, 21);
  const venv = join(cache, "archive-v0", id);
  virtualEnvironment(venv, name, version, "uv");
  mkdirSync(join(cache, "environments-v2"), { recursive: true });
  symlinkSync(
    join("..", "archive-v0", id),
    join(cache, "environments-v2", `${name}-${hex(name + version + salt, 16)}`),
  );
  return venv;
}

/**
 * A `pipx run` cached environment with `name` `version` in pipx's run cache `cache`
 * (`$PIPX_HOME/.cache`, or `~/.cache/pipx`); returns its folder.
 */
export function pipxRunEnvironment(cache: string, name: string, version: string): string {
  const venv = join(cache, hex(`${name} ${version}`, 15));
  virtualEnvironment(venv, name, version, "pip");
  const main = {
    package: name,
    package_or_url: name,
    package_version: version,
    apps: [name],
    app_paths: [join(venv, "bin", name)],
    include_apps: true,
    include_dependencies: false,
    pip_args: [],
    suffix: "",
  };
  writeFileSync(
    join(venv, "pipx_metadata.json"),
    JSON.stringify(
      {
        main_package: main,
        python_version: "Python 3.12.3",
        venv_args: [],
        injected_packages: {},
        pipx_metadata_version: "0.5",
      },
      null,
      4,
    ),
  );
  return venv;
}
