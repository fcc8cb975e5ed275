import { scrubSecrets } from "../mcp/redact.js";
import { writeFileAtomic } from "../util/fs.js";
import { pathArg } from "./args.js";
import type { CliContext } from "./context.js";

/** Writes `content` to `file` atomically, or to stdout when `file` is `-`. */
export function writeOutput(file: string, content: string, ctx: CliContext): void {
  if (file === "-") ctx.stdout(content);
  else writeFileAtomic(pathArg(file, ctx), scrubSecrets(content));
}
