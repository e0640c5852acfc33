// The rest of the published secure-payment surface through the HTTP handlers: fee preview,
// batch payout links, recorded intents (API and payment page; the 423 a transaction paying the
// link causes is tested on a sandbox chain in intent-lock.test.ts) and the Tron relay.

import { beforeAll, describe, expect, it } from "vitest";
import * as pageIntentRoute from "@/app/pay/[token]/intent/route";
import * as intentRoute from "@/app/v2/secure-payments/[token]/intent/route";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as refreshRoute from "@/app/v2/secure-payments/[token]/refresh-step-transaction/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import * as broadcastRoute from "@/app/v2/secure-payments/[token]/tron/broadcast/route";
import * as batchRoute from "@/app/v2/secure-payments/batch-payouts/route";
import * as previewRoute from "@/app/v2/secure-payments/fees/preview/route";
import * as payoutsRoute from "@/app/v2/secure-payments/payouts/route";
import * as secureRoute from "@/app/v2/secure-payments/route";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";

let p: Awaited<ReturnType<typeof createTestPlatform>>;
let feeClientId: string;
let destinationId: string;
const FEE_WALLET = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const api = () => ({ "x-api-key": p.apiKey });
const browser = (clientId = p.clientId) => ({ "x-client-id": clientId, origin: TEST_ORIGIN });
const TX = `0x${"ab".repeat(32)}`;

beforeAll(async () => {
  p = await createTestPlatform("surface shop");
  feeClientId = (
    await createClientIdRecord(p.platformId, {
      label: "fees",
      allowedDomains: [TEST_ORIGIN],
      feePercentage: "2.5",
      feeAddress: FEE_WALLET,
    })
  ).clientId;
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
});

async function payoutLink(network = "base", amount = "10") {
  const r = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
    headers: api(),
    body: {
      recipient: DEMO_WALLETS[2].address,
      creatorWalletAddress: DEMO_WALLETS[1].address,
      network,
      currency: "USDC",
      amount,
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { token: string; requestIds: string[] };
}

describe("POST /v2/secure-payments/fees/preview", () => {
  it("answers the plan creation would fix, with the client ID's fee, and stores nothing", async () => {
    const r = await call(previewRoute, "POST", "/v2/secure-payments/fees/preview", {
      headers: browser(feeClientId),
      body: { amount: "200", currency: "USDC-base", flow: "get_paid" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      version: 1,
      flow: "get_paid",
      defaultFeeBearer: "payer",
      grossAmountUsd: "200",
      totalFeesUsd: "5",
      payerTotalAmountUsd: "205",
      netRecipientAmountUsd: "200",
    });
    expect(r.json.fees).toEqual([
      expect.objectContaining({ percentageBps: 250, feeBearer: "payer", destinationRef: { evmAddress: FEE_WALLET } }),
    ]);
    const noFee = await call(previewRoute, "POST", "/v2/secure-payments/fees/preview", {
      headers: api(),
      body: { amount: "12.5", currency: "USDT", flow: "pay", defaultFeeBearer: "payee" },
    });
    expect(noFee.status, noFee.text).toBe(200);
    expect(noFee.json).toMatchObject({ flow: "pay", defaultFeeBearer: "payee", totalFeesUsd: "0", fees: [] });
  });

  it("refuses what is not a stablecoin, and unknown fields", async () => {
    expect(
      (
        await call(previewRoute, "POST", "/v2/secure-payments/fees/preview", {
          headers: api(),
          body: { amount: "1", currency: "ETH-mainnet", flow: "pay" },
        })
      ).status,
    ).toBe(400);
    const extra = await call(previewRoute, "POST", "/v2/secure-payments/fees/preview", {
      headers: api(),
      body: { amount: "1", currency: "USDC", flow: "pay", network: "base" },
    });
    expect(extra.json.errors).toEqual([{ field: "network", message: "is not a field of this operation" }]);
  });
});

describe("POST /v2/secure-payments/batch-payouts", () => {
  it("combines pending payout links into one link and invalidates them", async () => {
    const a = await payoutLink("base", "10");
    const b = await payoutLink("base", "2.5");
    const r = await call(batchRoute, "POST", "/v2/secure-payments/batch-payouts", {
      headers: browser(),
      body: { tokens: [a.token, b.token], redirectUrl: "https://shop.example.com/done", redirectLabel: "Back" },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json.requestIds).toEqual([...a.requestIds, ...b.requestIds]);
    const view = await call(tokenRoute, "GET", `/v2/secure-payments/${r.json.token}`, {
      headers: api(),
      params: { token: r.json.token },
    });
    expect(view.status, view.text).toBe(200);
    expect(view.json).toMatchObject({ paymentType: "batch", amounts: ["10", "2.5"], redirectLabel: "Back" });
    const old = await call(tokenRoute, "GET", `/v2/secure-payments/${a.token}`, {
      headers: api(),
      params: { token: a.token },
    });
    expect(old.status).toBe(403);
    const again = await call(batchRoute, "POST", "/v2/secure-payments/batch-payouts", {
      headers: api(),
      body: { tokens: [a.token, b.token] },
    });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("batch_payout_invalid");
  });

  it("refuses fewer than two, other networks, and incoming payment links", async () => {
    const a = await payoutLink("base");
    expect(
      (
        await call(batchRoute, "POST", "/v2/secure-payments/batch-payouts", {
          headers: api(),
          body: { tokens: [a.token] },
        })
      ).status,
    ).toBe(400);
    const o = await payoutLink("optimism");
    const mixed = await call(batchRoute, "POST", "/v2/secure-payments/batch-payouts", {
      headers: api(),
      body: { tokens: [a.token, o.token] },
    });
    expect(mixed.json.code).toBe("batch_mixed_networks");
    const incoming = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: api(),
      body: { requests: [{ destinationId, amount: "1" }] },
    });
    const notPayout = await call(batchRoute, "POST", "/v2/secure-payments/batch-payouts", {
      headers: api(),
      body: { tokens: [a.token, incoming.json.token] },
    });
    expect(notPayout.json.code).toBe("batch_payout_invalid");
  });
});

describe("POST /v2/secure-payments/{token}/intent and the 423", () => {
  it("records the broadcast once; a hash the chain does not show paying the link holds nothing", async () => {
    const link = await payoutLink("base", "3");
    const body = {
      txHash: TX,
      chain: "BASE",
      token: "USDC",
      executionKind: "evm_same_chain",
      payerAddress: DEMO_WALLETS[1].address,
    };
    const r = await call(intentRoute, "POST", `/v2/secure-payments/${link.token}/intent`, {
      headers: browser(),
      params: { token: link.token },
      body,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      txHash: TX,
      payerAddress: DEMO_WALLETS[1].address,
      paymentReference: expect.stringMatching(/^0x[0-9a-f]{16}$/),
    });
    expect(typeof r.json.isListening).toBe("boolean");
    const same = await call(intentRoute, "POST", `/v2/secure-payments/${link.token}/intent`, {
      headers: api(),
      params: { token: link.token },
      body,
    });
    expect(same.json.intentId).toBe(r.json.intentId);

    const read = await call(tokenRoute, "GET", `/v2/secure-payments/${link.token}`, {
      headers: browser(),
      params: { token: link.token },
    });
    expect(read.status, read.text).toBe(200);
  });

  it("records the published safePendingIntent example (a Safe paying crosschain from POLYGON) without holding the link", async () => {
    const link = await payoutLink("base", "6");
    const example = {
      safeTxHash: "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef",
      chain: "POLYGON",
      token: "USDC",
      executionKind: "evm_cross_chain",
      safePaymentDeadline: 1749760800,
      payerAddress: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    };
    const r = await call(intentRoute, "POST", `/v2/secure-payments/${link.token}/intent`, {
      headers: api(),
      params: { token: link.token },
      body: example,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      intentId: expect.any(String),
      paymentReference: expect.stringMatching(/^0x[0-9a-f]{16}$/),
      safeTxHash: example.safeTxHash,
      safePaymentDeadline: example.safePaymentDeadline,
      payerAddress: example.payerAddress,
    });
    // A crosschain report with the source transaction's hash: recorded too, and never looked up.
    const withTx = await call(intentRoute, "POST", `/v2/secure-payments/${link.token}/intent`, {
      headers: api(),
      params: { token: link.token },
      body: { txHash: TX, chain: "ARBITRUM", token: "USDT", routeKind: "crosschain", bridgeTool: null },
    });
    expect(withTx.status, withTx.text).toBe(200);
    const rows = await (await db()).securePaymentIntent.findMany({ where: { token: link.token } });
    expect(rows.map((row) => row.verification)).toEqual(["crosschain", "crosschain"]);
    // Neither holds the link: reads and calldata still answer.
    const read = await call(tokenRoute, "GET", `/v2/secure-payments/${link.token}`, {
      headers: api(),
      params: { token: link.token },
    });
    expect(read.status, read.text).toBe(200);
  });

  it("the payment page records with the token alone; a same-chain report of another chain is 400", async () => {
    const link = await payoutLink("base", "4");
    const wrong = await call(pageIntentRoute, "POST", `/pay/${link.token}/intent`, {
      params: { token: link.token },
      body: { txHash: TX, chain: "POLYGON", token: "USDC" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe("intent_chain_mismatch");
    const deadline = await call(pageIntentRoute, "POST", `/pay/${link.token}/intent`, {
      params: { token: link.token },
      body: { txHash: TX, chain: "BASE", token: "USDC", safePaymentDeadline: 9 },
    });
    expect(deadline.status).toBe(400);
    const ok = await call(pageIntentRoute, "POST", `/pay/${link.token}/intent`, {
      params: { token: link.token },
      body: { txHash: TX, chain: "BASE", token: "USDC" },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(
      (
        await call(tokenRoute, "GET", `/v2/secure-payments/${link.token}`, {
          headers: api(),
          params: { token: link.token },
        })
      ).status,
    ).toBe(200);
    const foreign = await createTestPlatform("other");
    const other = await call(intentRoute, "POST", `/v2/secure-payments/${link.token}/intent`, {
      headers: { "x-api-key": foreign.apiKey },
      params: { token: link.token },
      body: { txHash: TX, chain: "BASE", token: "USDC" },
    });
    expect(other.status).toBe(404);
  });
});

describe("POST /v2/secure-payments/{token}/refresh-step-transaction", () => {
  it("is served: a LI.FI step (passed whole) is the document's 400 route no longer available, since crosschain here has one signed step", async () => {
    const link = await payoutLink("base", "7");
    // A step as LI.FI's /advanced/routes answers it: more fields than the document names.
    const step = {
      id: "0x6b1f7c2d",
      type: "lifi",
      tool: "across",
      toolDetails: { key: "across", name: "Across" },
      action: {
        fromChainId: 137,
        toChainId: 8453,
        fromAmount: "7000000",
        toAddress: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
      },
      estimate: { executionDuration: 30 },
      includedSteps: [],
    };
    const send = (body: unknown, headers: Record<string, string> = browser(), token = link.token) =>
      call(refreshRoute, "POST", `/v2/secure-payments/${token}/refresh-step-transaction`, {
        headers,
        params: { token },
        body,
      });
    const r = await send({ step });
    expect(r.status, r.text).toBe(400);
    expect(r.json.code).toBe("route_step_unavailable");
    expect(r.json.message).toMatch(/^Route no longer available or invalid step: 0x6b1f7c2d is not a step/);
    expect((await send({ step }, api())).status).toBe(400);
    // The document's required fields are checked, and unknown fields beside step refused.
    const bad = await send({ step: { ...step, action: { toChainId: 8453, toAddress: "nope" } }, extra: 1 });
    expect(bad.json.code).toBe("validation_failed");
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["extra", "step.action.toAddress"]);
    expect((await send({ step }, browser(), "01JUNKNOWNTOKEN0000000000")).status).toBe(404);
  });
});

describe("POST /v2/secure-payments/{token}/tron/broadcast", () => {
  it("relays only this link's calls for the signer, then the link is in progress", async () => {
    const { createServer } = await import("node:http");
    const { tronToHex } = await import("../chains/tron");
    const { resetConfigForTests } = await import("../config");
    const { tronPayee } = await import("../payee-destinations/fixtures");
    const { createHash } = await import("node:crypto");
    const received: unknown[] = [];
    let refuse = false;
    const node = createServer((req, res) => {
      let text = "";
      req.on("data", (c) => (text += c));
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        // /pay's reads of the payer (lib/chains/tron-payer-state.ts): an account with nothing.
        const reads: Record<string, unknown> = {
          "/wallet/getaccount": {},
          "/wallet/getaccountresource": {},
          "/wallet/getchainparameters": {
            chainParameter: [
              { key: "getEnergyFee", value: 100 },
              { key: "getTransactionFee", value: 1000 },
            ],
          },
          "/wallet/triggerconstantcontract": { result: { result: true }, constant_result: ["0".repeat(64)] },
        };
        if (req.url && req.url in reads) return res.end(JSON.stringify(reads[req.url]));
        received.push({ path: req.url, body: JSON.parse(text) });
        res.end(
          JSON.stringify(
            refuse
              ? { code: "SIGERROR", message: Buffer.from("bad signature").toString("hex") }
              : { result: true, txid: JSON.parse(text).txID },
          ),
        );
      });
    });
    const port = 47500 + Math.floor(Math.random() * 400);
    await new Promise<void>((ok) => node.listen(port, "127.0.0.1", ok));
    const saved = process.env.TRONGRID_URL;
    process.env.TRONGRID_URL = `http://127.0.0.1:${port}`;
    resetConfigForTests();
    try {
      const payer = tronPayee().address;
      const link = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
        headers: api(),
        body: {
          recipient: tronPayee().address,
          creatorWalletAddress: payer,
          network: "tron",
          currency: "USDT",
          amount: "5",
        },
      });
      expect(link.status, link.text).toBe(201);
      const token = link.json.token as string;
      const calls = await call(payRoute, "GET", `/v2/secure-payments/${token}/pay?wallet=${payer}`, {
        headers: api(),
        params: { token },
      });
      const pay = calls.json.transactions.at(-1) as { to: string; data: string };
      const signed = (to: string, data: string, owner = payer) => {
        const value = {
          owner_address: tronToHex(owner),
          contract_address: tronToHex(to),
          data: data.replace(/^0x/, ""),
        };
        const raw = `0a02${value.owner_address}${value.contract_address}${value.data}`;
        return {
          signedTransaction: {
            raw_data_hex: raw,
            signature: ["ab".repeat(65)],
            txID: createHash("sha256").update(Buffer.from(raw, "hex")).digest("hex"),
            raw_data: { contract: [{ type: "TriggerSmartContract", parameter: { value } }], fee_limit: 100_000_000 },
          },
        };
      };
      const send = (body: unknown) =>
        call(broadcastRoute, "POST", `/v2/secure-payments/${token}/tron/broadcast`, {
          headers: browser(),
          params: { token },
          body,
        });

      const altered = `${pay.data.slice(0, 12)}${pay.data.slice(12, 14) === "ff" ? "fe" : "ff"}${pay.data.slice(14)}`;
      const other = await send(signed(pay.to, altered));
      expect(other.status).toBe(400);
      expect(other.json.code).toBe("tron_transaction_mismatch");
      const forged = signed(pay.to, pay.data);
      forged.signedTransaction.raw_data_hex = forged.signedTransaction.raw_data_hex.replace(
        pay.data.slice(2),
        altered.slice(2),
      );
      forged.signedTransaction.txID = createHash("sha256")
        .update(Buffer.from(forged.signedTransaction.raw_data_hex, "hex"))
        .digest("hex");
      expect((await send(forged)).json.code).toBe("tron_transaction_mismatch");
      expect(received).toHaveLength(0);

      refuse = true;
      const refused = await send(signed(pay.to, pay.data));
      expect(refused.status, refused.text).toBe(200);
      expect(refused.json).toMatchObject({ result: false, code: "SIGERROR", message: "bad signature" });
      refuse = false;
      const ok = await send(signed(pay.to, pay.data));
      expect(ok.status, ok.text).toBe(200);
      expect(ok.json).toEqual({ result: true, txid: ok.json.txid });
      expect(received).toHaveLength(2);
      expect((received[1] as { path: string }).path).toBe("/wallet/broadcasttransaction");
      expect(
        (await call(tokenRoute, "GET", `/v2/secure-payments/${token}`, { headers: api(), params: { token } })).status,
      ).toBe(423);
    } finally {
      process.env.TRONGRID_URL = saved;
      if (saved === undefined) delete process.env.TRONGRID_URL;
      resetConfigForTests();
      node.close();
    }
  });
});
