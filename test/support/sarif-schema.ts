// Validates a SARIF log against the official SARIF 2.1.0 JSON schema (the copy that
// @microsoft/jest-sarif ships; a draft-04 schema, hence ajv's draft-04 class).
import { createRequire } from "node:module";
import type { Ajv, ValidateFunction } from "ajv";

// Both packages are CommonJS modules whose export is the function itself.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as new (options: object) => Ajv;
const addFormats = require("ajv-formats") as (ajv: Ajv) => Ajv;
const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json") as object;

// The schema's language-tag pattern is not valid under the `u` flag, so patterns compile without it.
const ajv = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
const validate: ValidateFunction = ajv.compile(schema);

/** The schema errors of `log`, one line each; empty when it is a valid SARIF 2.1.0 log. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}
