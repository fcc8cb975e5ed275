import { canOpenBrowser, signIn } from "../../mcp/login.js";
import { credentialsPath } from "../../mcp/token-store.js";
import { resolveTarget } from "../../mcp/target.js";
import { connectTarget } from "../../mcp/connect.js";
import { ToolscoreError, isToolscoreError } from "../../util/errors.js";
import { escapeLine } from "../../util/unicode.js";
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, connectOptions, parseCommand, targetOptions } from "../args.js";
import { preRegisteredClient } from "../args.js";
import type { CliContext } from "../context.js";
import { EXIT } from "../exit-codes.js";

export const HELP = `Usage: toolscore mcp login SERVER [options]

Signs in to a server at a URL with OAuth, as the MCP authorization specification describes, and
stores the tokens for every later command (list, lint, test, pin, verify-pin, diff) to use and
refresh. SERVER is a URL, or --config PATH --server NAME naming a URL entry.

The sign-in opens a browser where there is a display, or runs the program the BROWSER environment
variable names (with or without one); otherwise it prints the URL to open (on any machine whose
browser can reach this one's 127.0.0.1), and waits for the browser to come back.
Tokens are kept in the user's sign-in store (see docs/commands/login.md), never in any output.

Options:
  --config PATH --server NAME   take the URL from a client config file
  --scope "A B"                 the scope to ask for (default: what the server asks for)
  --client-metadata-url URL     a client ID metadata document, for servers that accept one
  --timeout SECONDS             to finish signing in, and for each request (default 300)
${CLIENT_OPTIONS_HELP}  --verbose                     show stack traces on errors
`;

// Step-up: a server that refuses the new token's scope gets one more sign-in asking for it.
const MAX_STEP_UPS = 2;

/** `toolscore mcp login`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand(
    "mcp login",
    args,
    {
      config: { type: "string" },
      server: { type: "string" },
      scope: { type: "string" },
      "client-metadata-url": { type: "string" },
      timeout: { type: "string" },
      ...CLIENT_OPTIONS,
    },
    1,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  const target = resolveTarget(positionals[0], targetOptions(values, ctx));
  if (target.kind !== "http")
    throw new ToolscoreError("USAGE", "mcp login signs in to a server at a URL; this SERVER is not one");
  const connect = connectOptions({ ...values, timeout: values.timeout ?? "300" }, ctx);
  const client = preRegisteredClient(values, ctx);
  const store = credentialsPath(ctx.env);
  // BROWSER names the program to open URLs with: the user's choice, with or without a display.
  const openBrowser = canOpenBrowser(ctx.env, ctx.isTTY);
  let scope = values.scope;
  for (let attempt = 0; ; attempt++) {
    const done = await signIn(target.url, {
      store,
      ...(client ? { client } : {}),
      ...(values["client-metadata-url"] ? { clientMetadataUrl: values["client-metadata-url"] } : {}),
      ...(scope !== undefined ? { scope } : {}),
      force: attempt > 0,
      timeoutMs: (connect.timeout ?? 300) * 1000,
      openBrowser,
      env: ctx.env,
      onAuthorizationUrl: (url) => ctx.stderr(`Open this URL to sign in to ${target.label}:\n  ${url}\n`),
    });
    // The new sign-in is tried at once, so a refused scope is found now rather than in CI.
    try {
      const session = await connectTarget(target, {
        ...connect,
        timeout: Math.min(connect.timeout ?? 30, 30),
      });
      await session.close();
    } catch (e) {
      const refused = isToolscoreError(e, "AUTH_REQUIRED") && e.data.problem === "scope-refused";
      if (!refused || attempt + 1 >= MAX_STEP_UPS) throw e;
      const { computeScopeUnion } = await import("@modelcontextprotocol/client");
      scope = computeScopeUnion(done.scope, e.data.scope as string | undefined);
      ctx.stderr(`The server asks for more: signing in again for ${escapeLine(scope ?? "")}\n`);
      continue;
    }
    const granted = done.scope ? ` (scope ${escapeLine(done.scope)})` : "";
    ctx.stdout(`Signed in to ${target.label}${granted}; the sign-in is stored in ${store}\n`);
    return EXIT.OK;
  }
}
