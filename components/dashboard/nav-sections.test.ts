import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isActiveSection, NAV_SECTIONS } from "./nav-sections";

const APP = path.resolve(import.meta.dirname, "../../app");

/** The page file that serves a dashboard path, looking through route groups like (signed-in). */
function pageExists(urlPath: string, dir = APP, segments = urlPath.split("/").filter(Boolean)): boolean {
  if (segments.length === 0)
    return fs.existsSync(path.join(dir, "page.tsx")) || groups(dir).some((g) => pageExists(urlPath, g, []));
  const [head, ...rest] = segments;
  return (
    (fs.existsSync(path.join(dir, head)) && pageExists(urlPath, path.join(dir, head), rest)) ||
    groups(dir).some((g) => pageExists(urlPath, g, segments))
  );
}

function groups(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((d) => /^\(.+\)$/.test(d))
        .map((d) => path.join(dir, d))
    : [];
}

describe("dashboard navigation", () => {
  it("links only to pages that exist", () => {
    const missing = NAV_SECTIONS.filter((s) => !pageExists(s.href)).map((s) => s.href);
    expect(missing).toEqual([]);
    expect(pageExists("/dashboard/no-such-section")).toBe(false);
  });

  it("highlights a section on its own pages, and the overview only on itself", () => {
    const [overview, clientIds] = NAV_SECTIONS;
    expect(isActiveSection(clientIds, "/dashboard/client-ids/4f1c")).toBe(true);
    expect(isActiveSection(overview, "/dashboard/client-ids")).toBe(false);
    expect(isActiveSection(overview, "/dashboard")).toBe(true);
  });
});
