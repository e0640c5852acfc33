// The quickstart works when pasted: its snippets (lib/docs/quickstart.ts, the same ones
// /docs/quickstart renders) run here as written, against the e2e server and its sandbox chains:
// curl for the API calls, `npm run pay-demo` for the payment, and the receiver's Node code
// verifying a real signed delivery. /docs and / link to it in the server's HTML (no JS).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type QuickstartStep, quickstartSteps } from "../lib/docs/quickstart";
import { freePorts } from "../scripts/free-ports.mjs";
import { demo } from "./demo";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The command a step asks to paste: its code up to the answer it shows (`# → …`). */
function commandOf(step: QuickstartStep): string {
  const lines = step.code.split("\n");
  const answer = lines.findIndex((l) => l.startsWith("# →"));
  return (answer < 0 ? lines : lines.slice(0, answer)).join("\n");
}

function sh(command: string, env: Record<string, string>, timeout = 30_000): string {
  const run = spawnSync("sh", ["-c", command], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout,
  });
  expect(run.status, `${command}\n${run.stderr}${run.stdout}`).toBe(0);
  return run.stdout;
}

const escapeHtml = (s: string) =>
  s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

test("the quickstart's snippets, run as written, create a request, pay it in the sandbox and verify its signed webhook", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { apiKey, clientId } = demo();
  const steps = Object.fromEntries(quickstartSteps({ apiUrl: baseURL!, apiKey, clientId }).map((s) => [s.id, s]));
  // The page shows these very snippets (with the demo credentials written in), in the server's HTML.
  const page = await (await request.get("/docs/quickstart")).text();
  for (const s of Object.values(steps)) expect(page).toContain(escapeHtml(s.code));
  expect(steps.credentials.code).toContain(`export API_KEY=${apiKey}`);

  // Step 1 exports these; the receiver's port comes from the kernel.
  const [port] = await freePorts(1);
  const env: Record<string, string> = {
    API_URL: baseURL!,
    API_KEY: apiKey,
    CLIENT_ID: clientId,
    WEBHOOK_PORT: String(port),
  };

  const endpoint = JSON.parse(sh(commandOf(steps["register-webhook"]), env));
  expect(endpoint.secret).toMatch(/^whsec_/);
  env.WEBHOOK_SECRET = endpoint.secret;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quickstart-"));
  fs.writeFileSync(path.join(dir, steps.receiver.file!), steps.receiver.code);
  const receiver: ChildProcess = spawn("node", [steps.receiver.file!], { cwd: dir, env: { ...process.env, ...env } });
  let printed = "";
  receiver.stdout!.on("data", (d: Buffer) => {
    printed += d.toString();
  });
  receiver.stderr!.on("data", (d: Buffer) => {
    printed += d.toString();
  });
  try {
    await expect.poll(() => printed, { timeout: 10_000 }).toContain(`listening on http://localhost:${port}/webhooks`);

    const created = JSON.parse(sh(commandOf(steps["create-request"]), env));
    expect(created.requestId, JSON.stringify(created)).toMatch(/^[0-9a-f]{66}$/);
    env.REQUEST_ID = created.requestId;

    const calldata = JSON.parse(sh(commandOf(steps.calldata), env));
    expect(calldata.metadata).toMatchObject({ hasEnoughBalance: true, paymentTransactionIndex: expect.any(Number) });

    // As pay-demo.spec.ts runs it: the server's DATA_DIR and PORT (its chains' ports come with SANDBOX_PORTS).
    const paid = sh(
      commandOf(steps.pay),
      {
        ...env,
        DATA_DIR: path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e"),
        PORT: process.env.E2E_PORT ?? "",
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
      90_000,
    );
    expect(paid).toMatch(/Detected by the service in [\d.]+ s: status paid/);

    // The receiver verified the delivery's signature with the secret, and says so.
    await expect
      .poll(() => printed, { timeout: 60_000 })
      .toContain(`verified payment.confirmed for request ${created.requestId}`);
    expect(printed).not.toContain("refused");

    const after = JSON.parse(sh(commandOf(steps.webhook), env));
    expect(after).toMatchObject({ status: "paid", hasBeenPaid: true });
  } finally {
    receiver.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the receiver snippet refuses a delivery whose signature does not match", async () => {
  const { code, file } = quickstartSteps({ apiUrl: "http://localhost:3000" }).find((s) => s.id === "receiver")!;
  const [port] = await freePorts(1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quickstart-"));
  fs.writeFileSync(path.join(dir, file!), code);
  const receiver = spawn("node", [file!], {
    cwd: dir,
    env: { ...process.env, WEBHOOK_SECRET: "whsec_test", WEBHOOK_PORT: String(port) },
  });
  let printed = "";
  receiver.stdout.on("data", (d: Buffer) => {
    printed += d.toString();
  });
  try {
    await expect.poll(() => printed, { timeout: 10_000 }).toContain("listening on");
    const res = await fetch(`http://localhost:${port}/webhooks`, {
      method: "POST",
      headers: { "x-service-signature": "0".repeat(64) },
      body: JSON.stringify({ event: "payment.confirmed", requestId: "forged" }),
    });
    expect(res.status).toBe(401);
    // The receiver's output reaches this process after its answer.
    await expect.poll(() => printed, { timeout: 5_000 }).toContain("refused: the signature does not match");
    expect(printed).not.toContain("verified");
  } finally {
    receiver.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("/docs and / link to the quickstart, and /docs introduces the API in the server's HTML", async ({ request }) => {
  // Requested without a browser: what a reader sees before any JavaScript runs.
  const docs = await (await request.get("/docs")).text();
  expect(docs).toContain('href="/docs/quickstart"');
  expect(docs).toContain("Quickstart: get paid in the sandbox");
  expect(docs).toMatch(/<h1[^>]*>Stablelink API<\/h1>/);
  expect(docs).toContain("Every example below works when pasted against the sandbox.");
  const home = await (await request.get("/")).text();
  expect(home).toContain('href="/docs/quickstart"');
  const quickstart = await (await request.get("/docs/quickstart")).text();
  expect(quickstart).toMatch(/<h1[^>]*>Quickstart: get paid in the sandbox<\/h1>/);
});
