// The project's Markdown: the README (the front page) and the reference pages under docs/, read
// as the tests of their examples and links need them.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/**
 * Every page, as a path relative to the repository: README.md first, then docs/ in path order
 * (subfolders with the files of their parent, by name).
 */
export function docPages(root = ROOT): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) return walk(p);
        return name.endsWith(".md") ? [relative(root, p)] : [];
      });
  return ["README.md", ...walk(join(root, "docs"))];
}

/** The text of a page (a path relative to the repository). */
export const readPage = (page: string, root = ROOT) => readFileSync(join(root, page), "utf8");

/** A fenced block of a page. */
export interface Block {
  lang: string;
  lines: string[];
  /** 1-based line of the opening fence. */
  line: number;
  /** Whether the line before it (blank lines aside) is `<!-- not-run -->`. */
  skipped: boolean;
}

/** The fenced blocks of a Markdown text, with the `<!-- not-run -->` marker before each. */
export function fencedBlocks(markdown: string): Block[] {
  const rows = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < rows.length; i++) {
    const open = /^(`{3,})(\S*)\s*$/.exec(rows[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < rows.length && rows[end]!.trim() !== open[1]) end++;
    let prev = i - 1;
    while (prev >= 0 && rows[prev]!.trim() === "") prev--;
    blocks.push({
      lang: open[2]!,
      lines: rows.slice(i + 1, end),
      line: i + 1,
      skipped: prev >= 0 && rows[prev]!.trim() === "<!-- not-run -->",
    });
    i = end;
  }
  return blocks;
}

/** The lines of a Markdown text outside fenced blocks, with their 1-based numbers. */
function proseLines(markdown: string): Array<{ text: string; line: number }> {
  const rows = markdown.split("\n");
  const inBlock = new Set<number>();
  for (const b of fencedBlocks(markdown)) {
    for (let i = b.line - 1; i <= b.line + b.lines.length; i++) inBlock.add(i);
  }
  return rows.flatMap((text, i) => (inBlock.has(i) ? [] : [{ text, line: i + 1 }]));
}

/**
 * The anchor GitHub gives a heading: its text as read (code marks, link targets and emphasis
 * marks gone), lower-cased, without punctuation other than `-` and `_`, spaces made `-`.
 */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a page's headings, a repeated one numbered as GitHub numbers it (`x`, `x-1`). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!m) continue;
    const base = headingSlug(m[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** A link of a page: its target as written and the line it is on. */
export interface Link {
  target: string;
  line: number;
}

/**
 * The inline links and images of a Markdown text (`[text](target)`, also across a line break),
 * outside fenced blocks and code spans.
 */
export function markdownLinks(markdown: string): Link[] {
  const lines = proseLines(markdown);
  // Code spans (which may run over a line break) hold no links: blank them, keeping every offset.
  const text = lines
    .map((l) => l.text)
    .join("\n")
    .replace(/`[^`]*`/g, (s) => s.replace(/[^\n]/g, " "));
  const starts: number[] = [];
  let offset = 0;
  for (const l of lines) {
    starts.push(offset);
    offset += l.text.length + 1;
  }
  const links: Link[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1]! <= m.index) k++;
    links.push({ target: m[1]!, line: lines[k]!.line });
  }
  return links;
}
