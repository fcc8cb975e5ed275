import type { Prng } from "./prng.js";
import type { Schema } from "./schema.js";

interface Bounds {
  lo: number;
  hi: number;
  /** The bounds themselves are excluded (numbers only; integers are made inclusive). */
  loEx: boolean;
  hiEx: boolean;
}

/** Lower and upper bounds, honouring exclusive bounds in both the numeric and the draft-04 form. */
function bounds(s: Schema, integer: boolean): Bounds | undefined {
  let lo = -Infinity;
  let hi = Infinity;
  let loEx = false;
  let hiEx = false;
  if (typeof s.minimum === "number") lo = s.minimum;
  if (typeof s.maximum === "number") hi = s.maximum;
  if (typeof s.exclusiveMinimum === "number" && s.exclusiveMinimum >= lo)
    [lo, loEx] = [s.exclusiveMinimum, true];
  if (typeof s.exclusiveMaximum === "number" && s.exclusiveMaximum <= hi)
    [hi, hiEx] = [s.exclusiveMaximum, true];
  if (s.exclusiveMinimum === true) loEx = true;
  if (s.exclusiveMaximum === true) hiEx = true;
  // A small, natural range when a side is open: near the bound that exists, else 1..100.
  if (!Number.isFinite(lo) && !Number.isFinite(hi)) [lo, hi, loEx, hiEx] = [1, 100, false, false];
  else if (!Number.isFinite(lo)) [lo, loEx] = [hi - 100, false];
  else if (!Number.isFinite(hi)) [hi, hiEx] = [lo + 100, false];
  if (integer) {
    lo = loEx ? Math.floor(lo) + 1 : Math.ceil(lo);
    hi = hiEx ? Math.ceil(hi) - 1 : Math.floor(hi);
    return lo <= hi ? { lo, hi, loEx: false, hiEx: false } : undefined;
  }
  return lo < hi || (lo === hi && !loEx && !hiEx) ? { lo, hi, loEx, hiEx } : undefined;
}

const inside = (v: number, b: Bounds) => (b.loEx ? v > b.lo : v >= b.lo) && (b.hiEx ? v < b.hi : v <= b.hi);

const decimals = (m: number) => {
  const text = String(m);
  const e = text.match(/e-(\d+)$/);
  return e ? Number(e[1]) : (text.split(".")[1]?.length ?? 0);
};

/**
 * Within a wide range (say 1..2^53), mostly a natural window: 1..100 when the range holds it, else
 * the hundred values next to a bound. Huge ids and counts read oddly and trip real servers.
 */
function natural(b: Bounds, rng: Prng): Bounds {
  if (b.hi - b.lo <= 1000 || rng.chance(0.1)) return b;
  const lo = Math.max(b.lo, 1);
  const hi = Math.min(b.hi, 100);
  if (lo < hi) return { lo, hi, loEx: b.loEx && lo === b.lo, hiEx: b.hiEx && hi === b.hi };
  return b.lo > 100 ? { ...b, hi: b.lo + 100, hiEx: false } : { ...b, lo: b.hi - 100, loEx: false };
}

/**
 * A number valid under the numeric keywords of `s` (bounds in both forms, multipleOf), or
 * undefined when none exists.
 */
export function genNumber(s: Schema, integer: boolean, rng: Prng): number | undefined {
  const full = bounds(s, integer);
  if (!full) return undefined;
  const b = natural(full, rng);
  const m = typeof s.multipleOf === "number" && s.multipleOf > 0 ? s.multipleOf : undefined;
  if (m !== undefined) {
    // The natural window may hold no multiple of a large step: then the whole range.
    const r = Math.ceil(b.lo / m) <= Math.floor(b.hi / m) ? b : full;
    const kLo = Math.ceil(r.lo / m);
    const kHi = Math.floor(r.hi / m);
    if (kLo > kHi) return undefined;
    // Products like 3 * 0.1 are not exact: round to the step's decimals, and keep a multiple a
    // validator accepts (x / m is a whole number).
    const ok = (v: number) => inside(v, r) && Number.isInteger(v / m) && (!integer || Number.isInteger(v));
    const at = (k: number) => Number((k * m).toFixed(Math.min(20, decimals(m))));
    for (let i = 0; i < 20; i++) {
      const v = at(rng.int(kLo, kHi));
      if (ok(v)) return v;
    }
    for (let k = kLo; k <= Math.min(kHi, kLo + 1000); k++) if (ok(at(k))) return at(k);
    return undefined;
  }
  if (integer) return rng.int(b.lo, b.hi);
  if (b.lo === b.hi) return b.lo;
  const raw = b.lo + (0.05 + 0.9 * rng.float()) * (b.hi - b.lo);
  // Two decimals read naturally; keep the raw value when rounding would leave the range.
  const v = Math.round(raw * 100) / 100;
  return inside(v, b) ? v : raw;
}
