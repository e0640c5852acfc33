import { describe, expect, it } from "vitest";
import { getContract } from "@/lib/chains/contracts";
import { getCurrency } from "@/lib/chains/currencies";
import { approvalTransactions, encodeErc20Payment } from "@/lib/requests/encode-payment";
import { paymentCallPolicy } from "@/lib/secure-payments/contract-policy";
import { checkoutSteps, valueOf, type WireTransaction } from "./checkout-steps";

const USDT = getCurrency("USDT-base")!.address as `0x${string}`;
const proxy = getContract("base", "ERC20FeeProxy").address;
const wire = (t: { to: string; data: string }): WireTransaction => ({ to: t.to, data: t.data, value: 0 });
const payment = wire(
  encodeErc20Payment({
    network: "base",
    token: USDT,
    to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amount: 5n,
    paymentReference: "0x0123456789abcdef",
    feeAmount: 0n,
    feeAddress: null,
  }),
);

describe("checkout steps", () => {
  it("names the USDT reset, the approval and the payment in the order they are sent", () => {
    const txs = [...approvalTransactions(USDT, proxy, 5_250_000n, 3n, true).map(wire), payment];
    expect(checkoutSteps(txs, paymentCallPolicy("base")).map((s) => [s.kind, s.label])).toEqual([
      ["reset", { key: "reset", token: "USDT" }],
      ["approve", { key: "approve", token: "USDT", amount: "5.25", symbol: "USDT" }],
      ["pay", { key: "pay" }],
    ]);
  });

  it("calls a second non-approval transaction a fee payment", () => {
    expect(checkoutSteps([payment, payment], paymentCallPolicy("base")).map((s) => s.kind)).toEqual(["pay", "fee"]);
  });

  it("reads wire values as wei", () => {
    expect(valueOf(0)).toBe(0n);
    expect(valueOf({ type: "BigNumber", hex: "0x0de0b6b3a7640000" })).toBe(10n ** 18n);
  });
});
