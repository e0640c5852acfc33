// "Sign with a demo wallet": the sandbox signs with its demo wallets' keys on the server, the
// answer a browser wallet gives; outside the sandbox the operations do not exist (404).

import { recoverMessageAddress, recoverTypedDataAddress } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import * as demoSignRoute from "@/app/v1/auth/demo-wallets/[address]/sign/route";
import * as demoWalletsRoute from "@/app/v1/auth/demo-wallets/route";
import * as challengeRoute from "@/app/v1/auth/wallet/challenge/route";
import * as verifyRoute from "@/app/v1/auth/wallet/verify/route";
import { resetConfigForTests } from "../config";
import { DEMO_WALLETS } from "../devnet/accounts";
import { call } from "../test/http";
import { sandboxDemoWallets } from "./demo-wallet";

const demo = DEMO_WALLETS[7]!.address;
const sign = (address: string, body: unknown) =>
  call(demoSignRoute, "POST", `/v1/auth/demo-wallets/${address}/sign`, { params: { address }, body });

afterEach(() => {
  delete process.env.RPC_URL_BASE;
  resetConfigForTests();
});

describe("demo wallets in the sandbox", () => {
  it("gives the dashboard's pages the demo wallets to offer", () => {
    expect(sandboxDemoWallets()).toEqual(DEMO_WALLETS.map((w) => w.address));
  });

  it("lists the demo wallets", async () => {
    const r = await call(demoWalletsRoute, "GET", "/v1/auth/demo-wallets");
    expect(r.status).toBe(200);
    expect(r.json.wallets).toEqual(DEMO_WALLETS.map((w) => ({ address: w.address })));
  });

  it("signs a sign-in challenge that then signs in as that wallet", async () => {
    const c = (await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address: demo } })).json;
    const signed = await sign(demo.toLowerCase(), { message: c.message });
    expect(signed.status, signed.text).toBe(200);
    expect(await recoverMessageAddress({ message: c.message, signature: signed.json.signature })).toBe(demo);
    const r = await call(verifyRoute, "POST", "/v1/auth/wallet/verify", {
      body: { challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: signed.json.signature },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.user.walletAddress).toBe(demo);
  });

  it("signs EIP-712 typed data as eth_signTypedData_v4 does", async () => {
    const typedData = {
      domain: { name: "Stablelink", version: "1", chainId: 8453 },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
        ],
        Note: [
          { name: "text", type: "string" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "Note",
      message: { text: "hello", amount: 5 },
    };
    const r = await sign(demo, { typedData });
    expect(r.status, r.text).toBe(200);
    expect(
      await recoverTypedDataAddress({
        ...typedData,
        message: { text: "hello", amount: 5n },
        signature: r.json.signature,
      } as never),
    ).toBe(demo);
  });

  it("refuses another address, both or neither of message and typedData, and unknown fields", async () => {
    const stranger = await sign("0x0000000000000000000000000000000000000001", { message: "hi" });
    expect(stranger.status).toBe(404);
    expect(stranger.json.code).toBe("demo_wallet_unknown");
    expect((await sign(demo, {})).status).toBe(400);
    expect(
      (await sign(demo, { message: "a", typedData: { domain: {}, types: {}, primaryType: "X", message: {} } })).status,
    ).toBe(400);
    const extra = await sign(demo, { message: "a", privateKey: "0x1" });
    expect(extra.status).toBe(400);
    expect(extra.json.errors).toEqual([expect.objectContaining({ field: "privateKey" })]);
  });
});

describe("outside the sandbox", () => {
  it("signs nothing and lists nothing", async () => {
    process.env.RPC_URL_BASE = "http://127.0.0.1:9";
    resetConfigForTests();
    expect(sandboxDemoWallets()).toBeNull(); // the sign-in, Settings and payee-destination pages show no demo choice
    const list = await call(demoWalletsRoute, "GET", "/v1/auth/demo-wallets");
    expect(list.status).toBe(404);
    expect(list.json.code).toBe("sandbox_only");
    const r = await sign(demo, { message: "sign me" });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("sandbox_only");
    expect(r.text).not.toMatch(/0x[0-9a-f]{130}/);
  });
});
