import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "coverage/**",
      "examples/**",
      ".bench-tmp/**",
      "src/schema/meta/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.ts", "test/**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          allowForKnownSafeCalls: [
            {
              from: "package",
              package: "node:test",
              name: ["test", "it", "describe", "suite", "before", "after"],
            },
          ],
        },
      ],
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  // The layers, lowest first: a folder may import from its own layer and the ones below it, never
  // from a layer above (see "Layers" in the README's contributor section).
  ...layerRules(),
);

/**
 * One config per folder: `no-restricted-imports` forbids relative imports of the folders above it
 * and, for the pure folders, the modules that reach the disk, processes or the network. (A later
 * config for the same rule replaces an earlier one, so each folder gets both in one.)
 */
function layerRules() {
  const IO = ["node:fs", "node:fs/promises", "node:child_process", "node:net", "node:http", "node:https"];
  const io = [...IO, ...IO.map((m) => m.slice("node:".length))];
  // [folder, the folders it must not import, whether it is pure (no I/O)].
  const ABOVE_CORES = ["report", "guard", "api", "cli", "action", "sample"];
  const LAYERS = [
    // The base: helpers, and the version. util/fs.ts and util/fs-read.ts (a file a user named, read
    // safely) are the helpers that touch the disk.
    ["util", ["schema", "mcp", "pin", "lint", "score", "diff", "scan", ...ABOVE_CORES], true],
    // JSON Schema as every part reads it.
    ["schema", ["mcp", "pin", "lint", "score", "diff", "scan", ...ABOVE_CORES], true],
    // The wire: transports, sessions, the server snapshot.
    ["mcp", ["pin", "lint", "score", "diff", "scan", ...ABOVE_CORES], false],
    // The cores, pure: pin, then lint (which reads effects), then score and diff side by side.
    ["pin", ["lint", "score", "diff", "scan", ...ABOVE_CORES], true],
    ["lint", ["score", "diff", "scan", ...ABOVE_CORES], true],
    ["score", ["diff", "scan", ...ABOVE_CORES], true],
    ["diff", ["score", "scan", ...ABOVE_CORES], true],
    // Client configs found on a machine, read through util/fs.
    ["scan", ["score", "diff", ...ABOVE_CORES], true],
    // All prose and escaping.
    ["report", ["guard", "api", "cli", "action", "sample"], true],
    // The run-time guard sits on the cores and the reports; the programmatic API on the guard, as
    // the one place a SERVER becomes a running server (a session client or the guard's upstream).
    ["guard", ["api", "cli", "action", "sample"], true],
    ["api", ["cli", "action", "sample"], true],
    // Commands, and the GitHub Action on top of them.
    ["cli", ["action"], false],
    ["action", [], false],
    // The bundled sample server stands alone.
    [
      "sample",
      ["util", "schema", "mcp", "pin", "lint", "score", "diff", "scan", ...ABOVE_CORES.slice(0, -1)],
      false,
    ],
  ];
  // The cores work on snapshots and a narrow "call this tool" function: connecting is the API's.
  const CORES = ["pin", "lint", "score", "diff", "scan"];
  const CONNECTING = [
    "client",
    "connect",
    "http",
    "http-bounds",
    "http-endpoint",
    "login",
    "negotiate",
    "oauth-provider",
    "oauth-session",
    "process",
    "restartable",
    "stdio-client",
    "stdio-transport",
    "token-store",
  ];
  return LAYERS.map(([folder, forbidden, pure]) => ({
    files: [`src/${folder}/**/*.ts`],
    ...(folder === "util" ? { ignores: ["src/util/fs.ts", "src/util/fs-read.ts"] } : {}),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          ...(pure ? { paths: io } : {}),
          patterns: [
            ...(forbidden.length
              ? [
                  {
                    regex: `^(\\.\\./)+(${forbidden.join("|")})/`,
                    message: `src/${folder} sits below ${forbidden.join(", ")} in the layer order: move the code down, or pass data up.`,
                  },
                ]
              : []),
            ...(CORES.includes(folder)
              ? [
                  {
                    regex: `^(\\.\\./)+mcp/(${CONNECTING.join("|")})\\.js$`,
                    message: `src/${folder} is a core: it works on snapshots, and connecting to a server is src/api's (openServer).`,
                  },
                ]
              : []),
          ],
        },
      ],
      ...(pure ? { "no-console": "error", "no-restricted-globals": ["error", "process"] } : {}),
    },
  }));
}
