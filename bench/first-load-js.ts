// The JavaScript a first visit to a page downloads: every <script src> of its HTML, gzipped
// as a server would send it. The hosted payment page has a budget (250 kB); pages that share
// its wallet code are measured the same way.
import { gzipSync } from "node:zlib";

export interface FirstLoad {
  path: string;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

export async function firstLoadJs(baseUrl: string, path: string): Promise<FirstLoad> {
  const html = await (await fetch(new URL(path, baseUrl))).text();
  const sources = [
    ...new Set([...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"))),
  ];
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body).length;
  }
  return { path, scripts: sources.length, rawBytes, gzipBytes };
}

export function printFirstLoads(loads: FirstLoad[]): void {
  console.log("\nfirst-load JavaScript (all <script src> of the page's HTML)");
  for (const l of loads) {
    console.log(
      `  ${l.path.padEnd(24)} ${String(l.scripts).padStart(3)} scripts  ${(l.rawBytes / 1024).toFixed(1).padStart(8)} kB raw  ${(l.gzipBytes / 1024).toFixed(1).padStart(7)} kB gzip`,
    );
  }
}
