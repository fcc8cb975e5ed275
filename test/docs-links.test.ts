// Every relative link of the README and of the pages under docs/ leads somewhere: to a file or
// folder of the repository, and, for an anchor into a Markdown page, to one of its headings. Every
// page under docs/ can be reached from the README.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ROOT, docPages, headingAnchors, headingSlug, markdownLinks, readPage } from "./support/docs.js";

/** A link with a scheme (`https:`, `mailto:`) leaves the repository and is not checked here. */
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Where a relative link of `page` leads: the page it names (relative to the root) and its anchor. */
function destination(root: string, page: string, target: string): { file: string; anchor: string | null } {
  const hash = target.indexOf("#");
  const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const file = path === "" ? page : relative(root, resolve(root, dirname(page), path));
  return { file, anchor };
}

/** What is wrong with the relative links of `pages` under `root`, one line each. */
function brokenLinks(root: string, pages: string[]): string[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(readPage(file, root)));
    return anchorsOf.get(file)!;
  };
  const problems: string[] = [];
  for (const page of pages) {
    for (const { target, line } of markdownLinks(readPage(page, root))) {
      if (external(target)) continue;
      const at = `${page}:${line}: ${target}`;
      const { file, anchor } = destination(root, page, target);
      if (file === ".." || file.startsWith(`..${sep}`)) problems.push(`${at}: leads out of the repository`);
      else if (!existsSync(join(root, file))) problems.push(`${at}: no such file`);
      else if (anchor !== null && !file.endsWith(".md"))
        problems.push(`${at}: an anchor into a file that is not Markdown`);
      else if (anchor !== null && !anchors(file).has(anchor))
        problems.push(`${at}: ${file} has no heading #${anchor}`);
    }
  }
  return problems;
}

/** The pages of `pages` that no chain of links from the first one reaches. */
function unreachable(root: string, pages: string[]): string[] {
  const seen = new Set([pages[0]!]);
  const queue = [pages[0]!];
  while (queue.length > 0) {
    const page = queue.shift()!;
    for (const { target } of markdownLinks(readPage(page, root))) {
      if (external(target)) continue;
      const { file } = destination(root, page, target);
      if (pages.includes(file) && !seen.has(file)) {
        seen.add(file);
        queue.push(file);
      }
    }
  }
  return pages.filter((p) => !seen.has(p));
}

test("headings get GitHub's anchors", () => {
  const cases: Array<[string, string]> = [
    ["`toolscore mcp list`", "toolscore-mcp-list"],
    ["In CI: the GitHub Action", "in-ci-the-github-action"],
    ["`mcp login` and `logout`", "mcp-login-and-logout"],
    ["Prompts, resource templates and resources", "prompts-resource-templates-and-resources"],
    ["`toolscore mcp scan [--json FILE|-] [--list]`", "toolscore-mcp-scan---json-file----list"],
    ["See [the lock](lock.md) *now*", "see-the-lock-now"],
    ["snake_case names", "snake_case-names"],
  ];
  for (const [heading, anchor] of cases) assert.equal(headingSlug(heading), anchor, heading);
  assert.deepEqual(
    [...headingAnchors("# A\n\n## A\n\n```md\n# not a heading\n```\n\n## A b\n")],
    ["a", "a-1", "a-b"],
  );
});

test("a broken link, a missing anchor and an unreachable page are found", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolscore-links-"));
  try {
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    write(
      "README.md",
      "# Home\n\nSee [a](docs/a.md#part-one), [gone](docs/gone.md), [b](docs/a.md#part-two),\n" +
        "[up](../outside.md), `[code](docs/none.md)` and [web](https://example.com/x.md).\n",
    );
    write(
      "docs/a.md",
      "# A\n\n## Part one\n\n[home](../README.md#home) [self](#part-one) [typo](#part-on)\n",
    );
    write("docs/lonely.md", "# Lonely\n\n[home](../README.md)\n");
    const pages = docPages(dir);
    assert.deepEqual(pages, ["README.md", "docs/a.md", "docs/lonely.md"]);
    assert.deepEqual(brokenLinks(dir, pages), [
      "README.md:3: docs/gone.md: no such file",
      "README.md:3: docs/a.md#part-two: docs/a.md has no heading #part-two",
      "README.md:4: ../outside.md: leads out of the repository",
      "docs/a.md:5: #part-on: docs/a.md has no heading #part-on",
    ]);
    assert.deepEqual(unreachable(dir, pages), ["docs/lonely.md"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every relative link of the README and docs/ resolves, anchors included", () => {
  const pages = docPages();
  assert.ok(pages.length > 1, "the reference pages under docs/ are missing");
  assert.deepEqual(brokenLinks(ROOT, pages), []);
});

test("every page under docs/ can be reached from the README", () => {
  assert.deepEqual(unreachable(ROOT, docPages()), []);
});
