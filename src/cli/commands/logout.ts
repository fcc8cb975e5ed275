import { signOut } from "../../mcp/login.js";
import { credentialsPath } from "../../mcp/token-store.js";
import { resolveTarget } from "../../mcp/target.js";
import { ToolscoreError } from "../../util/errors.js";
import { parseCommand, targetOptions } from "../args.js";
import type { CliContext } from "../context.js";
import { EXIT } from "../exit-codes.js";

export const HELP = `Usage: toolscore mcp logout SERVER [--client-id ID]

Forgets the sign-ins stored for a server at a URL (every client's, or that of --client-id).
SERVER is a URL, or --config PATH --server NAME naming a URL entry.
`;

/** `toolscore mcp logout`. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand(
    "mcp logout",
    args,
    { config: { type: "string" }, server: { type: "string" }, "client-id": { type: "string" } },
    1,
  );
  if (values.help) {
    ctx.stdout(HELP);
    return EXIT.OK;
  }
  const target = resolveTarget(positionals[0], targetOptions(values, ctx));
  if (target.kind !== "http")
    throw new ToolscoreError(
      "USAGE",
      "mcp logout forgets a sign-in to a server at a URL; this SERVER is not one",
    );
  const store = credentialsPath(ctx.env);
  const n = await signOut(target.url, store, values["client-id"]);
  ctx.stdout(
    n === 0
      ? `No sign-in was stored for ${target.label}\n`
      : `Signed out of ${target.label} (${n === 1 ? "1 sign-in" : `${n} sign-ins`} forgotten)\n`,
  );
  return EXIT.OK;
}
