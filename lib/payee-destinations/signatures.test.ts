// Who may sign a destination: the wallet itself, whatever kind it is. EOAs and Tron keys sign
// for real (viem, TronWeb); smart-contract wallets are minimal ERC-1271 contracts on a real
// sandbox chain (Base), deployed with anvil_setCode or, for ERC-6492, not deployed at all
// until the verification's own simulation deploys them through their factory.
import { concatHex, getAddress, getContractAddress, type Hex, serializeErc6492Signature } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as byId from "@/app/v2/payee-destination/[destinationId]/route";
import * as collection from "@/app/v2/payee-destination/route";
import * as signingData from "@/app/v2/payee-destination/signing-data/route";
import { rpcRequest } from "../devnet/anvil";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { createTestPlatform, createTestWalletSession } from "../test/fixtures";
import { call } from "../test/http";
import { evmPayee, type TestPayee, tronPayee, USDC_BASE, type WireTypedData } from "./fixtures";
import type { SigningDataView } from "./schemas";

// isValidSignature(...) answers the ERC-1271 magic value 0x1626ba7e whatever it is asked, or
// 0xffffffff (refused): PUSH4 v, PUSH1 224, SHL, MSTORE at 0, RETURN 32 bytes.
const APPROVING_RUNTIME = "0x631626ba7e60e01b60005260206000f3";
const REFUSING_RUNTIME = "0x63ffffffff60e01b60005260206000f3";
// Creation code returning APPROVING_RUNTIME: PUSH16 runtime, MSTORE at 0, RETURN its 16 bytes.
const APPROVING_INITCODE = concatHex(["0x6f", APPROVING_RUNTIME, "0x60005260106010f3"]);
// A factory that CREATE2-deploys APPROVING_INITCODE (salt 0) whatever it is called with:
// PUSH25 initcode, MSTORE at 0, CREATE2(value 0, offset 7, size 25, salt 0), STOP.
const FACTORY_RUNTIME = concatHex(["0x78", APPROVING_INITCODE, "0x6000526000601960076000f500"]);
const FACTORY = "0x000000000000000000000000000000000000fac7";
const SALT = `0x${"00".repeat(32)}` as Hex;
const COUNTERFACTUAL = getContractAddress({
  opcode: "CREATE2",
  from: FACTORY,
  salt: SALT,
  bytecode: APPROVING_INITCODE,
});
const APPROVING = getAddress("0x00000000000000000000000000000000000a11ce");
const REFUSING = getAddress("0x0000000000000000000000000000000000000b0b");
const USDT_TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

let sandbox: TestSandbox;
let auth: Record<string, string>;
let restoreEnv: (() => void) | undefined;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restoreEnv = pointAppAtSandbox(sandbox);
  const url = sandbox.urls.base!;
  await rpcRequest(url, "anvil_setCode", [APPROVING, APPROVING_RUNTIME]);
  await rpcRequest(url, "anvil_setCode", [REFUSING, REFUSING_RUNTIME]);
  await rpcRequest(url, "anvil_setCode", [FACTORY, FACTORY_RUNTIME]);
  const platform = await createTestPlatform("signers");
  auth = { authorization: `Bearer ${(await createTestWalletSession(platform.platformId)).token}` };
});

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.dispose();
});

async function signingDataFor(
  walletAddress: string,
  chainId = 8453,
  tokenAddress = USDC_BASE,
  action = "add",
): Promise<SigningDataView> {
  const qs = new URLSearchParams({ walletAddress, chainId: String(chainId), tokenAddress, action });
  const r = await call(signingData, "GET", `/v2/payee-destination/signing-data?${qs}`, { headers: auth });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

function post(nonce: string, signature: string) {
  return call(collection, "POST", "/v2/payee-destination", { headers: auth, body: { nonce, signature } });
}

async function register(payee: TestPayee, chainId?: number, token?: string) {
  const data = await signingDataFor(payee.address, chainId, token);
  return post(data.nonce, await payee.sign(data.typedData));
}

describe("signatures that register a destination", () => {
  it("an EOA's EIP-712 signature of the typed data as served", async () => {
    const payee = evmPayee();
    const r = await register(payee);
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({
      walletAddress: payee.address,
      network: "base",
      currency: "USDC-base",
      active: true,
    });
  });

  it("a Tron wallet's TIP-712 signature, under eip155:728126428", async () => {
    const payee = tronPayee();
    const r = await register(payee, 728126428, USDT_TRON);
    expect(r.status, r.text).toBe(201);
    expect(r.json.destinationId).toMatch(new RegExp(`^${payee.address}@eip155:728126428#[0-9A-F]{8}:${USDT_TRON}$`));
    expect(r.json).toMatchObject({ network: "tron", currency: "USDT-tron", symbol: "USDT", decimals: 6 });
  });

  it("a deployed smart-contract wallet whose ERC-1271 isValidSignature accepts it", async () => {
    const data = await signingDataFor(APPROVING);
    // Whatever the contract accepts: here 64 bytes that are no ECDSA signature of anyone.
    const r = await post(data.nonce, `0x${"5ca1ab1e".repeat(16)}`);
    expect(r.status, r.text).toBe(201);
    expect(r.json.walletAddress).toBe(APPROVING);
  });

  it("a smart-contract wallet not deployed yet, through its ERC-6492 factory", async () => {
    expect(await rpcRequest(sandbox.urls.base!, "eth_getCode", [COUNTERFACTUAL, "latest"])).toBe("0x");
    const data = await signingDataFor(COUNTERFACTUAL);
    const signature = serializeErc6492Signature({
      address: FACTORY,
      data: "0x",
      signature: `0x${"5ca1ab1e".repeat(16)}`,
    });
    const r = await post(data.nonce, signature);
    expect(r.status, r.text).toBe(201);
    expect(r.json.walletAddress).toBe(COUNTERFACTUAL);
    // The check simulated the deployment; nothing was deployed for real.
    expect(await rpcRequest(sandbox.urls.base!, "eth_getCode", [COUNTERFACTUAL, "latest"])).toBe("0x");
  });
});

describe("signatures that are refused", () => {
  async function expectRefused(r: Awaited<ReturnType<typeof post>>, wallet: string) {
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toBe(
      `The signature is not ${wallet}'s signature of this nonce's typed data: sign the typedData from signing-data unchanged, with that wallet, on chain ${r.json.message.match(/on chain (\d+)$/)?.[1]}`,
    );
    expect(r.json.errors).toEqual([{ field: "signature", message: r.json.message }]);
  }

  it("another wallet's signature (EVM and Tron)", async () => {
    const payee = evmPayee();
    const data = await signingDataFor(payee.address);
    await expectRefused(await post(data.nonce, await evmPayee().sign(data.typedData)), payee.address);

    const tron = tronPayee();
    const tronData = await signingDataFor(tron.address, 728126428, USDT_TRON);
    await expectRefused(await post(tronData.nonce, await tronPayee().sign(tronData.typedData)), tron.address);
  });

  it("the wallet's signature over other values than the nonce was issued for", async () => {
    const payee = evmPayee();
    const data = await signingDataFor(payee.address);
    const tampered: [string, (t: WireTypedData) => void][] = [
      ["another token", (t) => (t.message.tokenAddress = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2")],
      ["another chain", (t) => ((t.message.chainId = 1), (t.domain.chainId = 1))],
      ["a later expiry", (t) => (t.message.expiresAt += 3600)],
      ["another action", (t) => (t.message.action = "deactivate")],
      ["another domain", (t) => (t.domain.name = "Another service")],
    ];
    for (const [what, change] of tampered) {
      const typed = structuredClone(data.typedData);
      change(typed);
      const r = await post(data.nonce, await payee.sign(typed));
      expect(r.status, what).toBe(400);
      expect(r.json.errors[0].field, what).toBe("signature");
    }
    // Refusals do not use the nonce up: the untouched data still registers.
    expect((await post(data.nonce, await payee.sign(data.typedData))).status).toBe(201);
  });

  it("a smart-contract wallet whose isValidSignature refuses, and an ERC-6492 wrapper for another address", async () => {
    const data = await signingDataFor(REFUSING);
    await expectRefused(await post(data.nonce, `0x${"5ca1ab1e".repeat(16)}`), REFUSING);

    // The factory deploys COUNTERFACTUAL, not the wallet that claims the signature.
    const other = evmPayee().address;
    const otherData = await signingDataFor(other);
    const wrapped = serializeErc6492Signature({
      address: FACTORY,
      data: "0x",
      signature: `0x${"5ca1ab1e".repeat(16)}`,
    });
    await expectRefused(await post(otherData.nonce, wrapped), other);
  });

  it("another wallet's signature of deactivation data", async () => {
    const payee = evmPayee();
    const d = (await register(payee)).json;
    const off = await signingDataFor(payee.address, 8453, USDC_BASE, "deactivate");
    const path = `/v2/payee-destination/${encodeURIComponent(d.destinationId)}`;
    const body = { nonce: off.nonce, signature: await evmPayee().sign(off.typedData) };
    const r = await call(byId, "DELETE", path, { headers: auth, params: { destinationId: d.destinationId }, body });
    await expectRefused(r, payee.address);
    const after = await call(byId, "GET", path, { headers: auth, params: { destinationId: d.destinationId } });
    expect(after.json.active).toBe(true);
  });

  it("bytes that are no signature at all", async () => {
    const payee = tronPayee();
    const data = await signingDataFor(payee.address, 728126428, USDT_TRON);
    await expectRefused(await post(data.nonce, "0x00"), payee.address);
    const evm = evmPayee();
    const evmData = await signingDataFor(evm.address);
    await expectRefused(await post(evmData.nonce, `0x${"00".repeat(65)}`), evm.address);
  });
});
