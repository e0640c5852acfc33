// The injected test wallet itself, against a real anvil: later browser tests (the payment
// page) rely on its transactions, EIP-5792 batches and typed-data signatures being real.
import { expect, type Page, test } from "@playwright/test";
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
} from "viem";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type Anvil, startAnvil } from "../lib/devnet/anvil";
import { installTestWallet } from "./support/test-wallet";

const BASE = 8453;
const payer = DEMO_WALLETS[7];
const payees = [DEMO_WALLETS[8].address, DEMO_WALLETS[9].address] as const;

let anvil: Anvil;
test.beforeAll(async () => {
  anvil = await startAnvil({ port: 0, chainId: BASE });
});
test.afterAll(async () => {
  await anvil?.stop();
});

/** window.ethereum.request in the page; a wallet error comes back as {code, message}. */
function request(page: Page, method: string, params: unknown[] = []) {
  return page.evaluate(
    async ([m, p]) => {
      try {
        return {
          result: await (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum.request(
            { method: m, params: p },
          ),
        };
      } catch (e) {
        const err = e as { code: number; message: string };
        return { error: { code: err.code, message: err.message } };
      }
    },
    [method, params] as const,
  );
}

test("connects, switches chains with chainChanged, and refuses unknown chains and foreign accounts", async ({
  page,
}) => {
  const wallet = await installTestWallet(page, {
    privateKey: payer.privateKey,
    chainId: BASE,
    rpcUrls: { [BASE]: anvil.url },
    chains: [1],
  });
  await page.goto("/");
  expect((await request(page, "eth_accounts")).result).toEqual([]);
  expect((await request(page, "eth_requestAccounts")).result).toEqual([payer.address]);
  expect((await request(page, "eth_chainId")).result).toBe(toHex(BASE));

  await page.evaluate(() => {
    const w = window as unknown as { ethereum: { on(e: string, f: (d: unknown) => void): void }; seen: unknown[] };
    w.seen = [];
    w.ethereum.on("chainChanged", (id) => w.seen.push(id));
  });
  expect((await request(page, "wallet_switchEthereumChain", [{ chainId: "0x1" }])).result).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual(["0x1"]);
  expect(wallet.chainId).toBe(1);
  expect((await request(page, "wallet_switchEthereumChain", [{ chainId: "0x5" }])).error?.code).toBe(4902);
  expect((await request(page, "personal_sign", ["0x68656c6c6f", DEMO_WALLETS[0].address])).error?.code).toBe(4100);

  wallet.rejectNext("personal_sign");
  expect((await request(page, "personal_sign", ["0x68656c6c6f", payer.address])).error?.code).toBe(4001);
});

test("signs messages and EIP-712 typed data with the wallet's key", async ({ page }) => {
  await installTestWallet(page, { privateKey: payer.privateKey, chainId: BASE });
  await page.goto("/");
  const signature = (await request(page, "personal_sign", [toHex("hello"), payer.address])).result as Hex;
  expect(await recoverMessageAddress({ message: "hello", signature })).toBe(payer.address);

  const typed = {
    domain: {
      name: "USD Coin",
      version: "2",
      chainId: BASE,
      verifyingContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    },
    types: {
      EIP712Domain: [
        { name: "name", type: "string" },
        { name: "version", type: "string" },
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "Permit",
    message: { owner: payer.address, spender: payees[0], value: "1000000", nonce: "0", deadline: "1900000000" },
  } as const;
  const typedSignature = (await request(page, "eth_signTypedData_v4", [payer.address, JSON.stringify(typed)]))
    .result as Hex;
  const types = { Permit: typed.types.Permit };
  const message = { ...typed.message, value: 1_000_000n, nonce: 0n, deadline: 1_900_000_000n };
  expect(
    await recoverTypedDataAddress({
      domain: typed.domain,
      types,
      primaryType: "Permit",
      message,
      signature: typedSignature,
    }),
  ).toBe(payer.address);
});

test("sends a transaction and an EIP-5792 batch to the chain's RPC and reports their receipts", async ({ page }) => {
  await installTestWallet(page, { privateKey: payer.privateKey, chainId: BASE, rpcUrls: { [BASE]: anvil.url } });
  const chain = createPublicClient({ transport: http(anvil.url) });
  const before = await Promise.all(payees.map((a) => chain.getBalance({ address: a })));
  await page.goto("/");
  await request(page, "eth_requestAccounts");

  const hash = (
    await request(page, "eth_sendTransaction", [{ from: payer.address, to: payees[0], value: toHex(parseEther("1")) }])
  ).result as Hex;
  // A sent transaction is mined when the chain gets to it, not when the wallet answers: wait for
  // its receipt as a page would (null until then), not assume it is there.
  await expect
    .poll(async () => (await request(page, "eth_getTransactionReceipt", [hash])).result, { timeout: 15_000 })
    .toMatchObject({ status: "0x1", from: payer.address.toLowerCase() });

  const capabilities = (await request(page, "wallet_getCapabilities", [payer.address, [toHex(BASE)]])).result;
  expect(capabilities).toEqual({ [toHex(BASE)]: { atomic: { status: "unsupported" } } });
  const calls = [
    { to: payees[0], value: toHex(parseEther("2")) },
    { to: payees[1], value: toHex(parseEther("3")) },
  ];
  const sent = (
    await request(page, "wallet_sendCalls", [
      { version: "2.0.0", chainId: toHex(BASE), from: payer.address, atomicRequired: false, calls },
    ])
  ).result as { id: string };
  type CallsStatus = { status: number; atomic: boolean; receipts?: { status: string }[] };
  // 100 (pending) until both calls are mined: wait for the final status.
  await expect
    .poll(async () => ((await request(page, "wallet_getCallsStatus", [sent.id])).result as CallsStatus).status, {
      timeout: 15_000,
    })
    .toBe(200);
  const status = (await request(page, "wallet_getCallsStatus", [sent.id])).result as CallsStatus;
  expect(status).toMatchObject({ status: 200, atomic: false });
  expect(status.receipts?.map((r) => r.status)).toEqual(["0x1", "0x1"]);

  const after = await Promise.all(payees.map((a) => chain.getBalance({ address: a })));
  expect(after[0] - before[0]).toBe(parseEther("3"));
  expect(after[1] - before[1]).toBe(parseEther("3"));
  expect(
    (
      await request(page, "wallet_sendCalls", [
        { version: "2.0.0", chainId: toHex(BASE), from: payer.address, atomicRequired: true, calls },
      ])
    ).error?.code,
  ).toBe(5760);
});
