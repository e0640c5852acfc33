// The gateway (contracts/CrosschainGateway.sol) on a sandbox chain, with the real Permit2:
// a signed intent moves exactly amount + fee into the treasury once; everything else reverts.

import { createPublicClient, createWalletClient, erc20Abi, type Hex, http, maxUint256, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import { GATEWAY_ABI, SANDBOX_GATEWAY_ADDRESS, SANDBOX_OPERATOR } from "../chains/crosschain-gateway";
import { DEMO_WALLETS } from "../devnet/accounts";
import { startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { type IntentTerms, intentPermitted, intentWitness, paymentIntentTypedData } from "./intent-typed-data";

const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
const USDC_ARBITRUM = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831" as const;
const payer = privateKeyToAccount(DEMO_WALLETS[3].privateKey);
const operator = privateKeyToAccount(SANDBOX_OPERATOR.privateKey);
const stranger = privateKeyToAccount(DEMO_WALLETS[4].privateKey);

let sandbox: TestSandbox;
let client: PublicClient;
let chainId: number;
let now: bigint;
let nonce = 1000n;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  client = createPublicClient({ transport: http(sandbox.urls.base!) });
  chainId = await client.getChainId();
  const wallet = createWalletClient({ account: payer, transport: http(sandbox.urls.base!) });
  const hash = await wallet.writeContract({
    address: USDC_BASE,
    abi: erc20Abi,
    functionName: "approve",
    args: [PERMIT2_ADDRESS, maxUint256],
    chain: null,
  });
  await client.waitForTransactionReceipt({ hash });
}, 120_000);
afterAll(async () => sandbox?.dispose());

beforeEach(async () => {
  now = (await client.getBlock()).timestamp;
});

function terms(overrides: Partial<IntentTerms> = {}): IntentTerms {
  return {
    sourceChainId: chainId,
    sourceToken: USDC_BASE,
    payer: payer.address,
    destinationChainId: 42161,
    destinationToken: USDC_ARBITRUM,
    payee: DEMO_WALLETS[5].address,
    amount: 2_000_000n,
    fee: 30_000n,
    gateway: SANDBOX_GATEWAY_ADDRESS,
    operator: operator.address,
    treasury: operator.address,
    operatorId: `0x${"11".repeat(32)}`,
    nonce: nonce++,
    deadline: now + 600n,
    processingDate: now + 900n,
    ...overrides,
  };
}

const sign = (t: IntentTerms) => payer.signTypedData(paymentIntentTypedData(t));

async function collect(t: IntentTerms, signature: Hex, as = operator) {
  const wallet = createWalletClient({ account: as, transport: http(sandbox.urls.base!) });
  const args = [
    { permitted: intentPermitted(t), nonce: t.nonce, deadline: t.deadline },
    intentWitness(t),
    signature,
  ] as const;
  await client.simulateContract({
    account: as,
    address: SANDBOX_GATEWAY_ADDRESS,
    abi: GATEWAY_ABI,
    functionName: "collect",
    args,
  });
  const hash = await wallet.writeContract({
    address: SANDBOX_GATEWAY_ADDRESS,
    abi: GATEWAY_ABI,
    functionName: "collect",
    args,
    chain: null,
  });
  return client.waitForTransactionReceipt({ hash });
}

const balance = (who: Hex) =>
  client.readContract({ address: USDC_BASE, abi: erc20Abi, functionName: "balanceOf", args: [who] });

describe("crosschain gateway on anvil with Permit2", () => {
  it("moves amount + fee from the payer into the treasury, once; a replay of the signature reverts", async () => {
    const t = terms();
    const signature = await sign(t);
    const [payerBefore, treasuryBefore] = [await balance(payer.address), await balance(operator.address)];
    const receipt = await collect(t, signature);
    expect(receipt.status).toBe("success");
    expect(await balance(payer.address)).toBe(payerBefore - 2_030_000n);
    expect(await balance(operator.address)).toBe(treasuryBefore + 2_030_000n);
    await expect(collect(t, signature)).rejects.toThrow(/InvalidNonce|reverted/);
    expect(await balance(operator.address)).toBe(treasuryBefore + 2_030_000n);
  }, 60_000);

  it("its witness hash is the EIP-712 struct hash the payer signed", async () => {
    const t = terms();
    const onChain = await client.readContract({
      address: SANDBOX_GATEWAY_ADDRESS,
      abi: GATEWAY_ABI,
      functionName: "hashIntent",
      args: [intentWitness(t)],
    });
    const { hashStruct } = await import("viem");
    expect(onChain).toBe(
      hashStruct({ types: paymentIntentTypedData(t).types, primaryType: "PaymentIntent", data: intentWitness(t) }),
    );
  });

  it("refuses a tampered destination (Permit2 rejects the signature)", async () => {
    const t = terms();
    const signature = await sign(t);
    await expect(collect({ ...t, payee: stranger.address }, signature)).rejects.toThrow(/InvalidSigner|reverted/);
  });

  it("refuses an expired intent, a caller other than the operator and other permitted amounts", async () => {
    const expired = terms({ deadline: now - 1n });
    await expect(collect(expired, await sign(expired))).rejects.toThrow(/IntentExpired/);
    const t = terms();
    await expect(collect(t, await sign(t), stranger)).rejects.toThrow(/NotOperator/);
    const wrongFee = terms({ fee: 0n });
    await expect(collect({ ...wrongFee, fee: 1n }, await sign(wrongFee))).rejects.toThrow(/InvalidSigner|reverted/);
  });
});

describe("npm run contracts:deploy-gateway", () => {
  it("deploys a gateway wired to Permit2, the operator and the treasury", async () => {
    const { deployGateway } = await import("./deploy-gateway");
    const deployed = await deployGateway({
      rpcUrl: sandbox.urls.base!,
      deployerKey: DEMO_WALLETS[6].privateKey,
      operator: operator.address,
      treasury: stranger.address,
    });
    expect(deployed.chainId).toBe(chainId);
    const read = (functionName: "operator" | "treasury") =>
      client.readContract({ address: deployed.address, abi: GATEWAY_ABI, functionName });
    expect(await read("operator")).toBe(operator.address);
    expect(await read("treasury")).toBe(stranger.address);
  });
});
