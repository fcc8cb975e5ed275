// The programmatic API: one function per command, taking what the command takes and returning
// the typed results its JSON output serialises. The CLI, the GitHub Action and `toolscore demo`
// sit on it.
export { listServer } from "./list.js";
export type { ListResult } from "./list.js";
export { lint } from "./lint.js";
export type { LintOptions, LintResult } from "./lint.js";
export { test } from "./test.js";
export type { TestOptions, TestResult } from "./test.js";
export { pin } from "./pin.js";
export type { PinOptions, PinResult, PinWarning } from "./pin.js";
export { verify } from "./verify.js";
export type { VerifyOptions, VerifyResult } from "./verify.js";
export { diff } from "./diff.js";
export type { DiffOptions, DiffResult } from "./diff.js";
export type { PinCheckOption } from "./pin-option.js";
export type { ServerInput, ServerOptions, TransportServer } from "./server.js";
export { TransportClient } from "./transport-client.js";
export type * from "./documents.js";
