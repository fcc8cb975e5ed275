/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32), so that the same
 * `--seed` gives the same calls, byte for byte. Never Math.random.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    let s = typeof seed === "number" ? seed >>> 0 : hashString(seed);
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** The next 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.uint32() / 0x1_0000_0000;
  }

  /** An integer in [lo, hi] (both inclusive); `lo` when the range is empty. */
  int(lo: number, hi: number): number {
    if (!(hi > lo)) return lo;
    const span = hi - lo + 1;
    if (span <= 0x1_0000_0000) return lo + Math.floor(this.float() * span);
    return Math.min(hi, lo + Math.floor(this.float() * span));
  }

  /** True with probability `p`. */
  chance(p = 0.5): boolean {
    return this.float() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** A new generator derived from this one and a label: streams that do not disturb each other. */
  fork(label: string): Prng {
    return new Prng((this.uint32() ^ hashString(label)) >>> 0);
  }
}

/** FNV-1a over the UTF-16 code units of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
