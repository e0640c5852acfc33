// The docs are a map only while every pointer in it leads somewhere: a decision cited in code
// exists, every decision is on the index, and every relative link in README.md and docs/ lands
// on a file (and a heading, when it names one). Citations are repository paths
// (`docs/decisions/<slug>.md`), so the check needs no list of titles.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const DECISIONS = "docs/decisions";
const TEXT = /\.(ts|tsx|mjs|js|md|prisma|sol|css|yml|yaml|toml|json|sh)$/;

/** The files git would commit: tracked ones and new ones that are not ignored. */
function repositoryFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out.split("\0").filter((f) => f && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile());
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Every `docs/….md` path a file mentions, with its line. */
function citedDocs(text: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  text.split("\n").forEach((l, i) => {
    for (const m of l.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md\b/g)) found.push({ path: m[0], line: i + 1 });
  });
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "``");
}

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = anchorOf(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Relative links of a markdown file that lead nowhere: a missing file, or a missing heading. */
function brokenLinks(file: string, markdown: string, exists: (path: string) => string | null): string[] {
  const broken: string[] = [];
  for (const m of withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith("/")) continue; // a URL, or a route of the app
    const [path, anchor] = target.split("#");
    const into = path === "" ? file : relative(ROOT, resolve(ROOT, dirname(file), path));
    const content = exists(into);
    if (content === null) broken.push(`${file}: ${target} (no ${into})`);
    else if (anchor && into.endsWith(".md") && !anchorsOf(content).has(anchor))
      broken.push(`${file}: ${target} (no heading #${anchor} in ${into})`);
  }
  return broken;
}

function onDisk(path: string): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return statSync(full).isFile() ? readFileSync(full, "utf8") : "";
}

const files = repositoryFiles();
const decisionFiles = readdirSync(join(ROOT, DECISIONS))
  .filter((f) => f.endsWith(".md") && f !== "README.md")
  .sort();

describe("decisions", () => {
  it("every decision cited anywhere in the repository is a file of docs/decisions/", () => {
    const missing = files
      .filter((f) => TEXT.test(f) && f !== "package-lock.json" && f !== "scripts/docs-links.test.ts")
      .flatMap((f) => citedDocs(read(f)).map((c) => ({ ...c, file: f })))
      .filter((c) => !existsSync(join(ROOT, c.path)))
      .map((c) =>
        c.path === "docs/decisions.md"
          ? `${c.file}:${c.line}: docs/decisions.md was split: cite docs/decisions/<slug>.md`
          : `${c.file}:${c.line}: ${c.path} does not exist`,
      );
    expect(missing).toEqual([]);
  });

  it("every decision file opens with its title and is on the index under that title", () => {
    const index = withoutCode(read(`${DECISIONS}/README.md`));
    const listed = new Map([...index.matchAll(/\[([^\]]+)\]\(([\w-]+\.md)\)/g)].map((m) => [m[2], m[1]]));
    const problems = decisionFiles.flatMap((f) => {
      const title = /^# (\S.*)\n/.exec(read(`${DECISIONS}/${f}`))?.[1];
      if (title === undefined) return [`${f}: the first line is not "# <Title>"`];
      if (!listed.has(f)) return [`${f} is not on ${DECISIONS}/README.md`];
      return listed.get(f) === title ? [] : [`${f}: listed as "${listed.get(f)}", titled "${title}"`];
    });
    expect(problems).toEqual([]);
  });
});

describe("links in README.md and docs/", () => {
  it("every relative link leads to a file, and to a heading when it names one", () => {
    const markdown = files.filter((f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")));
    expect(markdown.length).toBeGreaterThan(decisionFiles.length);
    expect(markdown.flatMap((f) => brokenLinks(f, read(f), onDisk))).toEqual([]);
  });

  it("a link to a missing file or heading is reported", () => {
    const here = (p: string) => (p === "docs/a.md" ? "# A\n\n## Key rotation (now)\n" : null);
    expect(brokenLinks("docs/b.md", "[x](a.md#key-rotation-now) [y](gone.md) [z](a.md#nope)", here)).toEqual([
      "docs/b.md: gone.md (no docs/gone.md)",
      "docs/b.md: a.md#nope (no heading #nope in docs/a.md)",
    ]);
    expect(citedDocs("// see docs/decisions/x.md and lib/docs/y.md\n").map((c) => c.path)).toEqual([
      "docs/decisions/x.md",
    ]);
  });
});
