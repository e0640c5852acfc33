// The hosted payment page as a payer's browser meets it: the JavaScript of its first load
// (gzip, every <script src> of the HTML) and the largest contentful paint in Chromium on
// localhost, each visit in a fresh browser context (an empty cache). Aim: ≤ 250 kB, ≤ 1.5 s.
import { chromium } from "@playwright/test";
import { type FirstLoad, firstLoadJs } from "./first-load-js";
import { registerBenchDestination } from "./payee-destination";
import type { BenchServer } from "./server";

const VISITS = 5;

export interface PayPageFigures {
  path: string;
  firstLoad: FirstLoad;
  /** LCP of each visit, ms. */
  lcpMs: number[];
  lcpElement: string;
}

function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export async function benchPayPage(server: BenchServer): Promise<PayPageFigures> {
  const payee = await registerBenchDestination(server.url);
  const res = await fetch(`${server.url}/v2/secure-payments`, {
    method: "POST",
    headers: { "content-type": "application/json", ...payee.auth },
    body: JSON.stringify({ requests: [{ destinationId: payee.destinationId, amount: "25" }], reference: "bench" }),
  });
  if (res.status !== 201) throw new Error(`creating the bench payment answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const path = `/pay/${token}`;
  const firstLoad = await firstLoadJs(server.url, path);

  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const lcpMs: number[] = [];
  let lcpElement = "";
  try {
    for (let i = 0; i < VISITS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      const entry = await page.evaluate(
        () =>
          new Promise<{ at: number; element: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
              const el = last.element;
              resolve({
                at: last.startTime,
                element: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}` : "?",
              });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      lcpMs.push(entry.at);
      lcpElement = entry.element;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { path, firstLoad, lcpMs, lcpElement };
}

export function printPayPage(f: PayPageFigures): void {
  const sorted = [...f.lcpMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log("\nsecure payment page /pay/<token> (aim: ≤ 250 kB first-load JS gzip, LCP ≤ 1.5 s)");
  console.log(
    `  first-load JS: ${f.firstLoad.scripts} scripts, ${(f.firstLoad.rawBytes / 1024).toFixed(1)} kB raw, ${(f.firstLoad.gzipBytes / 1024).toFixed(1)} kB gzip`,
  );
  console.log(
    `  LCP (Chromium, localhost, ${f.lcpMs.length} cold visits): first ${f.lcpMs[0].toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; element ${f.lcpElement}`,
  );
}
