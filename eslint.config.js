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
  {
    // Only the CLI and the connection layer may touch the console, the process or the disk.
    files: ["src/**/*.ts"],
    ignores: ["src/cli/**", "src/mcp/**", "src/sample/**", "src/action/**", "src/util/fs.ts", "src/meta.ts"],
    rules: {
      "no-console": "error",
      "no-restricted-imports": [
        "error",
        { paths: ["node:fs", "node:child_process", "node:net", "node:http", "fs", "child_process"] },
      ],
      "no-restricted-globals": ["error", "process"],
    },
  },
);
