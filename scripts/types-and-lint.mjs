// The type check and ESLint in one process, on one TypeScript program. ESLint's type-aware rules
// (a floating or misused promise) need the types of every file, so run on their own they build
// the whole program a second time; here they read the program the type check has just built.
//
// node scripts/types-and-lint.mjs [BUILD-INFO]: the type check of tsconfig.json, with tsc's build
// info kept in BUILD-INFO when given (so that a second run checks again only what changed and
// what depends on it), then `eslint .` with that program. Prints what each found as tsc and
// ESLint print it, and exits 1 when either found an error.
import { ESLint } from "eslint";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const buildInfo = process.argv[2];

const config = ts.getParsedCommandLineOfConfigFile(
  `${root}tsconfig.json`,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  },
);
const options = buildInfo
  ? { ...config.options, incremental: true, tsBuildInfoFile: buildInfo }
  : config.options;
const builder = ts.createIncrementalProgram({
  rootNames: config.fileNames,
  options,
  configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
});
const diagnostics = [
  ...builder.getConfigFileParsingDiagnostics(),
  ...builder.getOptionsDiagnostics(),
  ...builder.getGlobalDiagnostics(),
  ...builder.getSyntacticDiagnostics(),
  ...builder.getSemanticDiagnostics(),
];
// With noEmit this writes the build info only.
if (buildInfo) builder.emit();

const host = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => "\n",
};
const typeErrors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
if (diagnostics.length > 0) {
  process.stdout.write(
    process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host)
      : ts.formatDiagnostics(diagnostics, host),
  );
}

// The typed files of eslint.config.js read this program instead of building their own.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    {
      files: ["src/**/*.ts", "test/**/*.ts"],
      languageOptions: { parserOptions: { projectService: false, programs: [builder.getProgram()] } },
    },
  ],
});
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
process.stdout.write(await formatter.format(results));
const lintErrors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0);

if (typeErrors > 0) process.stdout.write(`type check: ${typeErrors} error(s)\n`);
process.exit(typeErrors > 0 || lintErrors > 0 ? 1 : 0);
