import { type Address, decodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import { batchConversionPaymentsAbi, getContract } from "../chains/contracts";
import { type BatchItem, encodeBatchPayment } from "./encode-batch";

const A: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const B: Address = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
const R: Address = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const FEE: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const ref = "0x0123456789abcdef" as const;

function decode(data: `0x${string}`) {
  const { functionName, args } = decodeFunctionData({ abi: batchConversionPaymentsAbi, data });
  expect(functionName).toBe("batchPayments");
  return args as unknown as [
    {
      paymentNetworkId: bigint;
      requestDetails: {
        recipient: Address;
        requestAmount: bigint;
        path: Address[];
        feeAmount: bigint;
        maxToSpend: bigint;
      }[];
    }[],
    Address[][],
    Address,
  ];
}

describe("batch payment encoding", () => {
  it("one token: the single-token group (1), to the batch contract, no value", () => {
    const items: BatchItem[] = [
      { kind: "erc20", token: A, recipient: R, amount: 100n, feeAmount: 2n, paymentReference: ref },
      { kind: "erc20", token: A, recipient: FEE, amount: 50n, feeAmount: 1n, paymentReference: ref },
    ];
    const { transaction, tokenNeeds } = encodeBatchPayment("base", items, FEE, 0n);
    expect(transaction.to).toBe(getContract("base", "BatchConversionPayments").address);
    expect(transaction.value).toBe(0n);
    const [meta, paths, feeAddress] = decode(transaction.data);
    expect(meta.map((m) => m.paymentNetworkId)).toEqual([1n]);
    expect(meta[0].requestDetails.map((d) => [d.recipient, d.requestAmount, d.path, d.feeAmount])).toEqual([
      [R, 100n, [A], 2n],
      [FEE, 50n, [A], 1n],
    ]);
    expect(paths).toEqual([]);
    expect(feeAddress).toBe(FEE);
    expect([...tokenNeeds]).toEqual([[A, 153n]]);
  });

  it("groups conversions (0), several tokens (2) and native (3), and adds the batch fee to approvals and value", () => {
    const items: BatchItem[] = [
      { kind: "native", recipient: R, amount: 10_000n, feeAmount: 100n, paymentReference: ref },
      { kind: "erc20", token: A, recipient: R, amount: 10_000n, feeAmount: 0n, paymentReference: ref },
      { kind: "erc20", token: B, recipient: R, amount: 20_000n, feeAmount: 0n, paymentReference: ref },
      {
        kind: "erc20-conversion",
        token: A,
        recipient: R,
        requestAmount: 10n ** 9n,
        feeAmount: 0n,
        path: [FEE, A],
        maxToSpend: 10_200n,
        paymentReference: ref,
      },
    ];
    const batchFee = 30n; // 0.3 %
    const { transaction, tokenNeeds } = encodeBatchPayment("base", items, FEE, batchFee);
    expect(decode(transaction.data)[0].map((m) => m.paymentNetworkId)).toEqual([0n, 2n, 3n]);
    expect(transaction.value).toBe(10_100n + 30n);
    expect(tokenNeeds.get(A)).toBe(10_000n + 30n + 10_200n + 30n);
    expect(tokenNeeds.get(B)).toBe(20_000n + 60n);
  });

  it("refuses an empty batch", () => {
    expect(() => encodeBatchPayment("base", [], FEE, 0n)).toThrow();
  });
});
