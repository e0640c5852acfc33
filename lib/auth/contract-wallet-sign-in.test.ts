// Smart-contract wallets sign in through ERC-1271: with an RPC configured for the message's
// chain, the wallet contract itself is asked whether the signature is valid. The chain here is
// a local anvil with chain id 1; the wallets are minimal contracts placed with anvil_setCode.
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as challengeRoute from "@/app/v1/auth/wallet/challenge/route";
import * as verifyRoute from "@/app/v1/auth/wallet/verify/route";
import { resetConfigForTests } from "../config";
import { type Anvil, rpcRequest, startAnvil } from "../devnet/anvil";
import { call } from "../test/http";

// isValidSignature(...) answers the ERC-1271 magic value 0x1626ba7e whatever it is asked,
// or 0xffffffff (refused): PUSH4 v, PUSH1 224, SHL, MSTORE at 0, RETURN 32 bytes.
const APPROVING_WALLET = "0x631626ba7e60e01b60005260206000f3";
const REFUSING_WALLET = "0x63ffffffff60e01b60005260206000f3";
const APPROVING = "0x00000000000000000000000000000000000a11ce";
const REFUSING = "0x0000000000000000000000000000000000000b0b";

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil({ port: 0, chainId: 1 });
  await rpcRequest(anvil.url, "anvil_setCode", [APPROVING, APPROVING_WALLET]);
  await rpcRequest(anvil.url, "anvil_setCode", [REFUSING, REFUSING_WALLET]);
  process.env.RPC_URL_MAINNET = anvil.url;
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env.RPC_URL_MAINNET;
  resetConfigForTests();
  await anvil?.stop();
});

async function signInAs(address: string, chainId?: number) {
  const c = (await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address, chainId } })).json;
  // A contract wallet's signature is whatever its isValidSignature accepts (here 64 bytes
  // that are not an ECDSA signature of the address).
  const signature = `0x${"5ca1ab1e".repeat(16)}`;
  return call(verifyRoute, "POST", "/v1/auth/wallet/verify", {
    body: { challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature },
  });
}

describe("smart-contract wallet sign-in (ERC-1271)", () => {
  it("signs in a contract wallet that accepts the signature", async () => {
    const r = await signInAs(APPROVING);
    expect(r.status, r.text).toBe(200);
    expect(r.json.user).toMatchObject({ walletAddress: getAddress(APPROVING), walletType: "evm" });
  });

  it("refuses a contract wallet that rejects the signature", async () => {
    const r = await signInAs(REFUSING);
    expect(r.status).toBe(401);
    expect(r.json.message).toBe(`The signature was not made by ${getAddress(REFUSING)}`);
  });

  it("refuses a contract wallet's signature for a chain without an RPC", async () => {
    const r = await signInAs(APPROVING, 8453);
    expect(r.status).toBe(401);
  });
});
