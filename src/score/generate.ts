import * as randexpModule from "randexp";
import { formatValue, plainString } from "./formats.js";
import { genNumber } from "./numbers.js";
import type { Prng } from "./prng.js";
import { harmlessOptional, harmlessValues, onlyWriteModes } from "./safety.js";
import { isObject, mergeSchemas, resolveRef, schemaTypes, type Schema } from "./schema.js";
import type { CapFacts } from "./call-facts.js";
import { GenerationBudget, itemsOverCap, numberOverCap, stringOverCap } from "./caps.js";
import { setOwn } from "../util/json.js";

// randexp is CommonJS: its class is the module itself (and also sits on `default`).
type RandExpInstance = { randInt: (a: number, b: number) => number; max: number; gen(): string };
const RandExp = ((randexpModule as unknown as { default?: unknown }).default ??
  randexpModule) as unknown as new (pattern: string, flags?: string) => RandExpInstance;

/** Returned when a schema admits no value toolscore can make (`false`, an empty enum, …). */
export const NO_VALUE: unique symbol = Symbol("no value");

/** How values are made. */
export interface GenerateOptions {
  /** Include every optional property (not a random half). */
  full?: boolean;
  /** Include no optional property: only what the schema requires (the smallest valid call). */
  minimal?: boolean;
  /** Hears why a value was not made when a cap of generation (src/score/caps.ts) stopped it. */
  onSkip?: (why: CapFacts) => void;
  /** Put this text into free-form strings, so a write can be recognised later. */
  marker?: string;
  /** The happy case's index: case i takes the i-th value of each enum, so every choice gets tried. */
  variant?: number;
  /**
   * Safe by default (no --allow-writes): fill no optional property whose name or description says
   * it writes or chooses a destination, and pick no enum, const or default value that names a
   * write, delete or exec mode.
   */
  safe?: boolean;
}

interface Ctx extends GenerateOptions {
  root: unknown;
  rng: Prng;
  budget: GenerationBudget;
}

// Past MAX_DEPTH only what is required is made (no optional property, the fewest items); a schema
// that still nests itself at STOP_DEPTH (a recursive $ref whose children are required, with at
// least one item) has no finite value toolscore can make, and generation stops there and says so.
const MAX_DEPTH = 8;
const STOP_DEPTH = 32;

/** Generates one value valid under `schema` (a sub-schema of `root`), or NO_VALUE. */
export function generateValue(
  schema: unknown,
  root: unknown,
  rng: Prng,
  opts: GenerateOptions = {},
): unknown {
  return gen(schema, { ...opts, root, rng, budget: new GenerationBudget() }, 0);
}

function gen(raw: unknown, ctx: Ctx, depth: number): unknown {
  if (raw === true || raw === undefined) return plainString(ctx.rng, 8);
  if (!isObject(raw)) return NO_VALUE;
  const s = flatten(raw, ctx);
  if (!s) return NO_VALUE;
  if (!ctx.budget.take(1)) return skip(ctx, ctx.budget.stopped!);
  depth += typeof raw.$ref === "string" ? 1 : 0;
  if (depth >= STOP_DEPTH) return skip(ctx, { cap: "depth", depth: STOP_DEPTH });
  if ("const" in s) return ctx.safe && onlyWriteModes(s) ? NO_VALUE : s.const;
  if (Array.isArray(s.enum)) {
    const choices = ctx.safe ? harmlessValues(s.enum) : s.enum;
    if (choices.length === 0) return NO_VALUE;
    return ctx.variant === undefined ? ctx.rng.pick(choices) : choices[ctx.variant % choices.length];
  }
  if (
    "default" in s &&
    !ctx.marker &&
    !(ctx.safe && onlyWriteModes({ const: s.default })) &&
    ctx.rng.chance(0.25)
  )
    return s.default;
  const types = schemaTypes(s);
  const nonNull = types.filter((t) => t !== "null");
  let type: string;
  if (types.length === 0) type = "string";
  else if (nonNull.length === 0) type = "null";
  else type = nonNull.length < types.length && ctx.rng.chance(0.15) ? "null" : ctx.rng.pick(nonNull);
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return ctx.rng.chance();
    case "integer":
    case "number":
      return numberOverCap(s)
        ? skip(ctx, numberOverCap(s)!)
        : (genNumber(s, type === "integer", ctx.rng) ?? NO_VALUE);
    case "string":
      return genString(s, ctx);
    case "array":
      return genArray(s, ctx, depth);
    case "object":
      return genObject(s, ctx, depth);
    default:
      return NO_VALUE;
  }
}

/**
 * Resolves `$ref`, merges `allOf` and takes one branch of `anyOf`/`oneOf`, again and again until
 * none is left at the top (a branch may hold another combinator). Undefined for a dangling ref.
 */
function flatten(raw: Schema, ctx: Ctx): Schema | undefined {
  let s = raw;
  for (let round = 0; round < 32; round++) {
    if (typeof s.$ref === "string") {
      const target = resolveRef(s.$ref, ctx.root);
      const { $ref: _ref, ...rest } = s;
      if (target === true) s = rest;
      else if (!isObject(target)) return undefined;
      else s = mergeSchemas(target, rest);
    } else if (Array.isArray(s.allOf)) {
      const { allOf, ...rest } = s;
      s = allOf.reduce<Schema>((acc, b) => (isObject(b) ? mergeSchemas(acc, b) : acc), rest);
    } else if (Array.isArray(s.oneOf) && s.oneOf.length) {
      const { oneOf, ...rest } = s;
      const b = ctx.rng.pick(branches(oneOf, ctx));
      s = isObject(b) ? mergeSchemas(rest, b) : rest;
    } else if (Array.isArray(s.anyOf) && s.anyOf.length) {
      const { anyOf, ...rest } = s;
      const b = ctx.rng.pick(branches(anyOf, ctx));
      s = isObject(b) ? mergeSchemas(rest, b) : rest;
    } else return s;
  }
  return s;
}

/** The branches to pick from: in safe mode, none that can only be a write mode (while another is left). */
function branches(all: unknown[], ctx: Ctx): unknown[] {
  if (!ctx.safe) return all;
  const harmless = all.filter((b) => !onlyWriteModes(b));
  return harmless.length ? harmless : all;
}

/** NO_VALUE, telling `onSkip` why: a cap of generation, not the schema, stopped the value. */
function skip(ctx: Ctx, why: CapFacts): typeof NO_VALUE {
  ctx.onSkip?.(why);
  return NO_VALUE;
}

function lengthRange(s: Schema): { min: number; max: number } {
  const min = typeof s.minLength === "number" ? Math.max(0, Math.ceil(s.minLength)) : 1;
  const max = typeof s.maxLength === "number" ? Math.floor(s.maxLength) : Math.max(min, 16);
  return { min: Math.min(min, max), max };
}

function genString(s: Schema, ctx: Ctx): unknown {
  const capped = stringOverCap(s);
  if (capped) return skip(ctx, capped);
  const { min, max } = lengthRange(s);
  if (typeof s.minLength === "number" && typeof s.maxLength === "number" && s.minLength > s.maxLength)
    return NO_VALUE;
  const fits = (v: string) => [...v].length >= min && [...v].length <= max;
  if (typeof s.pattern === "string") {
    let re: RandExpInstance;
    const tooLong = stringOverCap(s);
    if (tooLong) return skip(ctx, tooLong);
    try {
      re = new RandExp(s.pattern, "u");
    } catch {
      return NO_VALUE;
    }
    re.randInt = (a: number, b: number) => ctx.rng.int(a, b);
    re.max = Math.min(Math.max(max, 1), 12);
    const over = stringOverCap(s, { tokens: (re as unknown as { tokens: unknown }).tokens, openMax: re.max });
    if (over) return skip(ctx, over);
    for (let i = 0; i < 25; i++) {
      const v = re.gen();
      if (fits(v)) return v;
    }
    return re.gen();
  }
  if (typeof s.format === "string") {
    const v = formatValue(s.format, ctx.rng);
    if (v !== undefined) return v;
  }
  const want = ctx.rng.int(min, Math.min(max, Math.max(min, 12)));
  if (ctx.marker) {
    const m = ctx.marker.length <= max ? ctx.marker : ctx.marker.slice(0, max);
    return m.length >= min ? m : m + plainString(ctx.rng, min - m.length);
  }
  return plainString(ctx.rng, want);
}

function genArray(s: Schema, ctx: Ctx, depth: number): unknown {
  const capped = itemsOverCap(s);
  if (capped) return skip(ctx, capped);
  const deep = depth >= MAX_DEPTH;
  // Deep down, an array holds only the items it must: a tree of required children ends there.
  const minItems = typeof s.minItems === "number" ? Math.max(0, s.minItems) : deep ? 0 : 1;
  const maxItems = typeof s.maxItems === "number" ? s.maxItems : minItems + 3;
  if (minItems > maxItems) return NO_VALUE;
  // Tuple forms: draft-07 list-form items (+ additionalItems) and 2020-12 prefixItems (+ items).
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
  const rest = Array.isArray(s.items) ? s.additionalItems : Array.isArray(s.prefixItems) ? s.items : s.items;
  let n = deep ? minItems : ctx.rng.int(minItems, Math.min(maxItems, minItems + 3));
  if (rest === false) n = Math.min(n, prefix.length);
  if (n < prefix.length && n < minItems) return NO_VALUE;
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (let i = 0, tries = 0; out.length < n && tries < n * 10 + 10; tries++, i++) {
    const item = out.length < prefix.length ? prefix[out.length] : rest;
    const v = gen(item, ctx, depth + 1);
    if (v === NO_VALUE) return out.length >= minItems && out.length >= prefix.length ? out : NO_VALUE;
    if (s.uniqueItems === true) {
      const key = JSON.stringify(v);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(v);
  }
  return out.length >= minItems ? out : NO_VALUE;
}

function genObject(s: Schema, ctx: Ctx, depth: number): unknown {
  const capped = itemsOverCap(s);
  if (capped) return skip(ctx, capped);
  const props = isObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required)
    ? s.required.filter((r): r is string => typeof r === "string")
    : [];
  const names = Object.keys(props);
  const chosen = new Set(required);
  const deep = depth >= MAX_DEPTH;
  const allowed = (name: string) =>
    !ctx.safe || required.includes(name) || harmlessOptional(name, props[name]);
  for (const name of names)
    if (!deep && !ctx.minimal && (ctx.full || ctx.rng.chance()) && allowed(name)) chosen.add(name);
  const minProps = typeof s.minProperties === "number" ? s.minProperties : 0;
  for (const name of names) if (chosen.size < minProps && allowed(name)) chosen.add(name);
  // dependentRequired (2019+) and the array form of dependencies (draft-07).
  for (const dep of [s.dependentRequired, s.dependencies]) {
    if (!isObject(dep)) continue;
    for (const name of [...chosen]) {
      const more = dep[name];
      if (!Array.isArray(more)) continue;
      // A property whose presence would bring in one that may write is left out (unless required).
      if (more.some((m) => typeof m === "string" && !allowed(m)) && !required.includes(name)) {
        chosen.delete(name);
        continue;
      }
      for (const m of more) if (typeof m === "string") chosen.add(m);
    }
  }
  const out: Record<string, unknown> = {};
  for (const name of [...chosen].sort((a, b) => names.indexOf(a) - names.indexOf(b))) {
    const sub = Object.hasOwn(props, name) ? props[name] : additionalSchema(s);
    const v = gen(sub, ctx, depth + 1);
    if (v === NO_VALUE) {
      if (required.includes(name)) return NO_VALUE;
      continue;
    }
    // A property named __proto__ must be a property, not the object's prototype.
    setOwn(out, name, v);
  }
  for (let i = 1; Object.keys(out).length < minProps && s.additionalProperties !== false && i < 50; i++) {
    const v = gen(additionalSchema(s), ctx, depth + 1);
    if (v === NO_VALUE) break;
    out[`extra_${i}`] = v;
  }
  return out;
}

function additionalSchema(s: Schema): unknown {
  return isObject(s.additionalProperties) ? s.additionalProperties : true;
}
