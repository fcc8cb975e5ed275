// The programmatic API: one function per command, taking what the command takes and returning
// the typed results its JSON output serialises. The CLI, the GitHub Action and `toolscore demo`
// sit on it. Each is named for what it does to a server, so that no name is also a Node module's
// (`test`) or a lower layer's (`diff`, `DiffOptions`).
export { listServer } from "./list.js";
export type { ListResult as ListServerResult } from "./list.js";
export { lint as lintServer } from "./lint.js";
export type { LintOptions as LintServerOptions, LintResult as LintServerResult } from "./lint.js";
export { test as testServer } from "./test.js";
export type { TestOptions as TestServerOptions, TestResult as TestServerResult } from "./test.js";
export { pin as pinServer } from "./pin.js";
export type { PinOptions as PinServerOptions, PinResult as PinServerResult, PinWarning } from "./pin.js";
export { verify as verifyServer } from "./verify.js";
export type { VerifyOptions as VerifyServerOptions, VerifyResult as VerifyServerResult } from "./verify.js";
export { diff as diffServers } from "./diff.js";
export type { DiffOptions as DiffServersOptions, DiffResult as DiffServersResult } from "./diff.js";
export type { PinCheckOption } from "./pin-option.js";
export type { ServerInput, ServerOptions, TransportServer } from "./server.js";
export type * from "./documents.js";
