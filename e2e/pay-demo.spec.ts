// What `npm start` prints for the sandbox: a demo request, and a command that pays it for
// real on the sandbox chain. The command is run here exactly as printed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demo } from "./demo";

test("the demo request is served, and `npm run pay-demo` pays it on the sandbox chain", async ({ request }) => {
  test.setTimeout(120_000);
  const { apiKey, demoRequestId } = demo();
  expect(demoRequestId).toMatch(/^[0-9a-f]{66}$/);
  const headers = { "x-api-key": apiKey };
  const before = await request.get(`/v2/request/${demoRequestId}`, { headers });
  expect(await before.json()).toMatchObject({
    network: "base",
    amount: "25",
    paymentCurrency: "USDC-base",
    hasBeenPaid: false,
  });
  const calldata = await request.get(
    `/v2/request/${demoRequestId}/pay?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`,
    { headers },
  );
  expect((await calldata.json()).metadata).toEqual({
    stepsRequired: 2,
    needsApproval: true,
    approvalTransactionIndex: 0,
    paymentTransactionIndex: 1,
    hasEnoughBalance: true,
    hasEnoughGas: true,
  });

  const run = spawnSync("npm", ["run", "--silent", "pay-demo"], {
    cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."),
    env: {
      ...process.env,
      DATA_DIR: path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e"),
      PORT: process.env.E2E_PORT, // the server's; SANDBOX_PORTS (its chains) comes with process.env
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  expect(run.stdout).toContain("mined");
  expect(run.stdout).toContain("The payee received 25 USDC.");
  expect(run.stdout).toMatch(/Detected by the service in [\d.]+ s: status paid/);

  // Detected: the request reads as paid with its transaction, and asking to pay it again is refused.
  const after = await (await request.get(`/v2/request/${demoRequestId}`, { headers })).json();
  expect(after).toMatchObject({ hasBeenPaid: true, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  const again = await request.get(
    `/v2/request/${demoRequestId}/pay?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`,
    { headers },
  );
  expect(again.status()).toBe(400);
  expect(JSON.stringify(await again.json())).toContain("already been paid");
});
