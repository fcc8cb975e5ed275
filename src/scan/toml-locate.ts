// Where things are in a TOML text: the places of table headers, keys and values (and the items of
// array values), so that a config can be edited by replacing text ranges, its comments and layout
// untouched. smol-toml reads the values; this only finds where they are written. It follows the
// TOML 1.0 grammar as far as finding the ends of values needs, and no further: the caller checks
// every edit by parsing the result with smol-toml.

/** A value as written: its range, and for an array the range of each item. */
export interface TomlValue {
  start: number;
  end: number;
  items?: TomlValue[];
}

/** A `key = value` line: the table it is in, its (dotted) key and its value. */
export interface TomlPair {
  table: string[];
  key: string[];
  /** Where the line's key starts. */
  start: number;
  value: TomlValue;
}

/** The headers (`[a.b]`, `[[a]]`) and pairs of a text, in order. */
export interface TomlLayout {
  headers: Array<{ table: string[]; start: number; end: number }>;
  pairs: TomlPair[];
}

class Scan {
  pos = 0;
  constructor(readonly text: string) {}

  fail(): never {
    throw new Error(`TOML not understood at offset ${this.pos}`);
  }

  // Spaces, tabs, and with `lines` also newlines and comments.
  skip(lines: boolean): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === " " || c === "\t") this.pos++;
      else if (lines && (c === "\n" || c === "\r")) this.pos++;
      else if (lines && c === "#") while (this.pos < t.length && t[this.pos] !== "\n") this.pos++;
      else break;
    }
  }

  string(): string {
    const t = this.text;
    const q = t[this.pos]!;
    const multi = t.startsWith(q.repeat(3), this.pos);
    const close = multi ? q.repeat(3) : q;
    const from = this.pos + close.length;
    let i = from;
    for (;;) {
      if (i >= t.length || (!multi && t[i] === "\n")) this.fail();
      if (q === '"' && t[i] === "\\") i += 2;
      else if (t.startsWith(close, i)) break;
      else i++;
    }
    // A multi-line string may end with up to two more quotes than its delimiter.
    let end = i + close.length;
    if (multi) while (t[end] === q && end - i < 5) end++;
    this.pos = end;
    const body = t.slice(from, end - close.length);
    if (q === "'") return body;
    try {
      return JSON.parse(`"${body.replace(/\n/g, "\\n")}"`) as string;
    } catch {
      // An escape JSON lacks (\U0001F600): the name as written, which then matches nothing.
      return body;
    }
  }

  key(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skip(false);
      const c = this.text[this.pos];
      if (c === '"' || c === "'") parts.push(this.string());
      else {
        const m = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.pos, this.pos + 256));
        if (!m) this.fail();
        parts.push(m[0]);
        this.pos += m[0].length;
      }
      this.skip(false);
      if (this.text[this.pos] !== ".") return parts;
      this.pos++;
    }
  }

  value(): TomlValue {
    const t = this.text;
    const start = this.pos;
    const c = t[start];
    if (c === '"' || c === "'") {
      this.string();
      return { start, end: this.pos };
    }
    if (c === "[" || c === "{") {
      const close = c === "[" ? "]" : "}";
      this.pos++;
      const items: TomlValue[] = [];
      for (;;) {
        this.skip(c === "[");
        if (t[this.pos] === close) break;
        if (c === "{") {
          this.key();
          if (t[this.pos] !== "=") this.fail();
          this.pos++;
          this.skip(false);
        }
        items.push(this.value());
        this.skip(c === "[");
        if (t[this.pos] === ",") this.pos++;
        else if (t[this.pos] !== close) this.fail();
      }
      this.pos++;
      return c === "[" ? { start, end: this.pos, items } : { start, end: this.pos };
    }
    // Numbers, booleans and dates: up to the next separator.
    const m = /^[^\s,\]}#]+(?: [0-9][^\s,\]}#]*)?/.exec(t.slice(start, start + 256));
    if (!m) this.fail();
    this.pos += m[0].length;
    return { start, end: this.pos };
  }
}

/** The layout of a TOML text. Throws when the text is not TOML this reader follows. */
export function locateToml(text: string): TomlLayout {
  const s = new Scan(text);
  const layout: TomlLayout = { headers: [], pairs: [] };
  let table: string[] = [];
  for (;;) {
    s.skip(true);
    if (s.pos >= text.length) return layout;
    const start = s.pos;
    if (text[s.pos] === "[") {
      const double = text[s.pos + 1] === "[";
      s.pos += double ? 2 : 1;
      table = s.key();
      if (!text.startsWith(double ? "]]" : "]", s.pos)) s.fail();
      s.pos += double ? 2 : 1;
      layout.headers.push({ table, start, end: s.pos });
      continue;
    }
    const key = s.key();
    if (text[s.pos] !== "=") s.fail();
    s.pos++;
    s.skip(false);
    layout.pairs.push({ table, key, start, value: s.value() });
  }
}
