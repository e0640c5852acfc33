// The payment page's check of a crosschain intent before the wallet signs (intent-check.ts):
// the service's own answer passes and what the wallet is handed hashes to what the service
// verifies; an answer with another spender, destination, amount, fee, chain or approval
// spender is refused with a reason that names what differs.
import { type Address, encodeFunctionData, erc20Abi, getAddress, hashTypedData, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import { type CrosschainAnswer, type CrosschainPolicy, checkCrosschainIntent, decimalUnits } from "./intent-check";
import { type IntentTerms, paymentIntentJson, paymentIntentTypedData } from "./intent-typed-data";
import { PERMIT_TYPES } from "./intent-types";
import { operatorFee } from "./operator-fee";

const GATEWAY: Address = "0x5aBe9e60FFc401A200Dc0601F1b0dFA744ee5c44";
const TREASURY: Address = "0xFb3C1395EA820620992B79B85814d3E6E737e059";
const USDC_BASE: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const USDC_ARB: Address = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
const PAYER: Address = "0x1000000000000000000000000000000000000aaa";
const PAYEE: Address = "0x2000000000000000000000000000000000000bbb";
const EVIL: Address = "0x000000000000000000000000000000000000bad1";

const policy: CrosschainPolicy = {
  permit2: PERMIT2_ADDRESS,
  treasury: TREASURY,
  payee: PAYEE,
  destinationChainId: 42161,
  destinationToken: USDC_ARB,
  amount: "12500000",
  decimals: 6,
  sources: [
    {
      chain: "BASE",
      chainId: 8453,
      network: "base",
      networkName: "Base",
      gateway: GATEWAY,
      tokens: [{ symbol: "USDC", address: USDC_BASE, decimals: 6 }],
    },
  ],
};
const fee = operatorFee(12_500_000n, 6).total;

function terms(over: Partial<IntentTerms> = {}): IntentTerms {
  return {
    sourceChainId: 8453,
    sourceToken: USDC_BASE,
    payer: PAYER,
    destinationChainId: 42161,
    destinationToken: USDC_ARB,
    payee: PAYEE,
    amount: 12_500_000n,
    fee,
    gateway: GATEWAY,
    operator: TREASURY,
    treasury: TREASURY,
    operatorId: `0x${"11".repeat(32)}`,
    nonce: 123456789012345678n,
    deadline: 1_900_000_000n,
    processingDate: 1_900_000_900n,
    ...over,
  };
}

const permitJson = (spender: Address = PERMIT2_ADDRESS) =>
  JSON.stringify({
    domain: { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: USDC_BASE },
    types: PERMIT_TYPES,
    values: { owner: PAYER, spender, value: maxUint256.toString(), nonce: "0", deadline: "1900000000" },
  });

const answer = (over: Partial<CrosschainAnswer> = {}, t = terms()): CrosschainAnswer => ({
  paymentIntent: paymentIntentJson(t),
  approvalPermitPayload: permitJson(),
  approvalCalldata: null,
  ...over,
});
const ask = { chain: "BASE", token: "USDC", wallet: PAYER, fee };

function refused(a: CrosschainAnswer, askOver: Partial<typeof ask> = {}): string {
  const check = checkCrosschainIntent(policy, { ...ask, ...askOver }, a);
  expect(check.ok).toBe(false);
  return check.ok ? "" : check.reason;
}

describe("checkCrosschainIntent", () => {
  it("passes the service's own intent and hands the wallet exactly the typed data the service verifies", () => {
    const check = checkCrosschainIntent(policy, ask, answer());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const { checked } = check;
    expect(checked.total).toBe(12_500_000n + fee);
    expect(checked.nonce).toBe("123456789012345678");
    const types = Object.fromEntries(Object.entries(checked.intent.types).filter(([name]) => name !== "EIP712Domain"));
    const signedHash = hashTypedData({ ...checked.intent, types } as unknown as Parameters<typeof hashTypedData>[0]);
    expect(signedHash).toBe(hashTypedData(paymentIntentTypedData(terms())));
    expect(checked.permit?.typedData.primaryType).toBe("Permit");
  });

  it("refuses another spender than our gateway on the source chain", () => {
    expect(refused(answer({}, terms({ gateway: EVIL })))).toContain(`not our gateway on Base (${GATEWAY})`);
  });

  it("refuses another destination than the payee shown", () => {
    expect(refused(answer({}, terms({ payee: EVIL })))).toContain(
      `pays ${getAddress(EVIL)}, not the payee this page shows`,
    );
  });

  it("refuses another amount than shown, and another fee than quoted", () => {
    expect(refused(answer({}, terms({ amount: 12_400_000n })))).toContain(
      "moves 12400000 units of USDC, not the 12500000",
    );
    expect(refused(answer({}, terms({ fee: fee + 1n })))).toContain("charges a fee of");
    expect(refused(answer(), { fee: fee - 1n })).toContain("charges a fee of");
  });

  it("refuses another chain id, another destination chain or token, and another operator", () => {
    expect(refused(answer({}, terms({ sourceChainId: 10 })))).toContain("not Base (8453)");
    expect(refused(answer({}, terms({ destinationChainId: 10 })))).toContain("another chain or token");
    expect(refused(answer({}, terms({ destinationToken: EVIL })))).toContain("another chain or token");
    expect(refused(answer({}, terms({ treasury: EVIL })))).toContain("not to this service's treasury");
    expect(refused(answer({}, terms({ payer: EVIL })))).toContain("not from your wallet");
  });

  it("refuses approvals that name anyone but Permit2", () => {
    expect(refused(answer({ approvalPermitPayload: permitJson(EVIL) }))).toContain("not Permit2");
    const approve = (spender: Address) => ({
      to: USDC_BASE,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] }),
      value: "0x0",
    });
    expect(
      checkCrosschainIntent(
        policy,
        ask,
        answer({ approvalPermitPayload: null, approvalCalldata: approve(PERMIT2_ADDRESS) }),
      ).ok,
    ).toBe(true);
    expect(refused(answer({ approvalPermitPayload: null, approvalCalldata: approve(EVIL) }))).toContain(
      "not an approval of Permit2",
    );
  });

  it("refuses altered types and unreadable answers", () => {
    const json = JSON.parse(paymentIntentJson(terms()));
    json.types.PaymentIntent = json.types.PaymentIntent.filter((f: { name: string }) => f.name !== "destination");
    expect(refused(answer({ paymentIntent: JSON.stringify(json) }))).toContain(
      "not the crosschain payment this page knows",
    );
    expect(refused(answer({ paymentIntent: "{" }))).toContain("not readable");
    expect(refused(answer(), { chain: "OPTIMISM" })).toContain("not a network this page pays from");
  });

  it("reads the quoted fee as units of the token", () => {
    expect(decimalUnits("0.0625", 6)).toBe(62_500n);
    expect(decimalUnits("3", 6)).toBe(3_000_000n);
    expect(decimalUnits("0.0000001", 6)).toBeNull();
    expect(decimalUnits("1e3", 6)).toBeNull();
  });
});
