// The public API of toolscore (the package's "." entry). Every export is an API decision;
// test/unit/exports.test.ts pins the list. The pure layer is also `toolscore/core` (nothing that
// starts a process), and the renderers are `toolscore/report`.

// One function per command, each taking a SERVER as the command line names it (a launch command,
// a URL, a saved snapshot or lock), a target or a transport, and returning what its JSON serialises
export { listServer, lintServer, testServer, pinServer, verifyServer, diffServers } from "./api/index.js";
export type {
  ServerInput,
  ServerOptions,
  TransportServer,
  PinCheckOption,
  ListServerResult,
  LintServerOptions,
  LintServerResult,
  TestServerOptions,
  TestServerResult,
  PinServerOptions,
  PinServerResult,
  PinWarning,
  VerifyServerOptions,
  VerifyServerResult,
  DiffServersOptions,
  DiffServersResult,
} from "./api/index.js";
export type { ServerTarget, TargetOptions } from "./mcp/target.js";

// Every server the machine's clients run, from their config files (`mcp scan`)
export { scan } from "./api/scan.js";
export type { ScanOptions } from "./api/scan.js";
export type { ScanResult, ScanRow } from "./scan/scan.js";

// The guard: the lock enforced at run time, as a transport between a host's client and a server
export { createGuard } from "./guard/transport.js";
export type { GuardOptions, GuardTransport } from "./guard/transport.js";
export type { GuardEvent, GuardEventName, GuardLog } from "./guard/events.js";
export type { DriftMode } from "./guard/core.js";

// Clients and snapshots
export { MCPStdioClient } from "./mcp/stdio-client.js";
export type { ConnectOptions, StdioConnectOptions, HttpConnectOptions } from "./mcp/client.js";
export { MCPHttpClient } from "./mcp/http.js";

// The pure layer (also `toolscore/core`): lock, pin check, diff, lint, effects, scorecard core
export {
  ServerSnapshot,
  buildLock,
  readLock,
  writeLock,
  verifyPin,
  diffSnapshots,
  diffFails,
  lintTools,
  deriveEffects,
  runScorecard,
  ToolscoreError,
  isToolscoreError,
} from "./core.js";
export type {
  RawTool,
  CallOutcome,
  CallTool,
  ErrorCode,
  Lock,
  BuildLockOptions,
  Effect,
  EffectFinding,
  EffectOverrides,
  PinReport,
  PinFinding,
  PinFailOn,
  VerifyPinOptions,
  LintFinding,
  DiffSnapshotsOptions,
  ServerDiff,
  DiffFailOn,
  BreakingChange,
  ScorecardInput,
  ScorecardOptions,
  Scorecard,
  Grade,
} from "./core.js";

// The JSON documents toolscore writes, one type per `kind`
export type * from "./api/documents.js";
