// Arguments for one call: values drawn from a tool's inputSchema (generate.ts) until ajv accepts
// one, so that what a scorecard calls a valid input is valid, or the reason none could be made.
import type { ArgumentsProblem, CapFacts } from "./call-facts.js";
import { NO_VALUE, generateValue, type GenerateOptions } from "./generate.js";
import type { Prng } from "./prng.js";
import { isObject } from "./schema.js";
import { NotChecked, compileSchema, uncheckedInput } from "./validate.js";
import { limits } from "../util/limits.js";

/** Arguments generated for one call, and whether ajv agrees they are valid. */
export interface GeneratedArguments {
  args: Record<string, unknown>;
  /** true: checked valid; false: no valid arguments were found; null: the schema does not compile. */
  valid: boolean | null;
  /** Why the arguments are not known to be valid (the reports say it). */
  problem?: ArgumentsProblem;
  /** Set when a cap of generation (src/score/caps.ts), not the schema, kept them from being made. */
  capped?: CapFacts;
}

const ATTEMPTS = 12;

/**
 * Arguments for a tool's `inputSchema`: tries a few draws until ajv accepts one, so what is called
 * a valid input is valid. `valid: false` says the schema admits nothing toolscore could make.
 */
export function generateArguments(
  inputSchema: unknown,
  rng: Prng,
  opts: GenerateOptions = {},
): GeneratedArguments {
  const schema = isObject(inputSchema) ? inputSchema : {};
  const validator = compileSchema(schema);
  let last: Record<string, unknown> | undefined;
  let problem: ArgumentsProblem = { problem: "admits-none" };
  let capped: CapFacts | undefined;
  const onSkip = (reason: CapFacts) => void (capped ??= reason);
  const until = Date.now() + limits()["generate-ms"];
  for (let i = 0; i < ATTEMPTS && Date.now() <= until; i++) {
    // The enum choice of a variant is tried first; later attempts draw freely.
    const draw = { ...opts, onSkip, ...(i === 0 ? {} : { variant: undefined }) };
    const v = generateValue(schema, schema, rng, draw);
    if (v === NO_VALUE) {
      // A cap gives the same answer on every draw.
      if (capped) break;
      continue;
    }
    const args = isObject(v) ? v : {};
    if (!validator) return { args, valid: null, problem: uncheckedInput(schema) };
    let err: string | null;
    try {
      err = validator.check(args);
    } catch (e) {
      if (!(e instanceof NotChecked)) throw e;
      return { args, valid: null, problem: { problem: "unfinished", reason: e.message } };
    }
    if (err === null) return { args, valid: true };
    last = args;
    problem = { problem: "invalid", error: err };
  }
  if (capped && !last) return { args: {}, valid: false, problem: { problem: "capped", capped }, capped };
  return { args: last ?? {}, valid: false, problem };
}
