// The PaymentRecorded mechanism itself: facts before handlers, merged and frozen, a conflict
// refused, handlers in registration order inside the caller's transaction, and no recording
// without registered subscribers.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCurrency } from "../chains/currencies";
import type { Prisma } from "../db/generated/client";
import type { SettlingRequest } from "../requests/settlement-store";
import { PAYMENT_SUBSCRIBERS } from "../wiring/payment-subscribers";
import {
  type PaymentRecorded,
  type PaymentSubscriber,
  publishPaymentsRecorded,
  setPaymentSubscribers,
} from "./payment-recorded";

const tx = {} as Prisma.TransactionClient;

function recorded(paymentId: string): PaymentRecorded {
  const request = { requestId: `r-${paymentId}`, expectedAmount: 10n } as SettlingRequest;
  return {
    paymentId,
    request,
    owner: { platformId: "p", clientIdId: null, clientId: null, orchestratorId: null },
    network: "base",
    txHash: `0x${paymentId}`,
    logIndex: 0,
    blockNumber: 1n,
    blockTime: new Date(0),
    type: "direct",
    paid: getCurrency("USDC-base")!,
    tokenAddress: null,
    amount: 10n,
    feeAmount: 0n,
    feeAddress: null,
    invoiceAmount: 10n,
    totalAmountPaid: 10n,
    conversionRate: null,
    completesRequest: true,
    payerAddress: "0xchain",
    payerEoaAddress: null,
    crosschain: null,
    confirmationHeldBy: null,
    recordedAt: new Date(0),
  };
}

// The wiring the test setup loaded, put back after each test.
afterEach(() => setPaymentSubscribers(PAYMENT_SUBSCRIBERS));

describe("publishing PaymentRecorded", () => {
  it("gives every handler the payments completed with all subscribers' facts, in registration order", async () => {
    const seen: string[] = [];
    const facts: PaymentSubscriber = {
      name: "facts",
      facts: async () =>
        new Map([["a", { payerAddress: "0xreal", crosschain: { sourceNetwork: "optimism", sourceTxHash: null } }]]),
    };
    const holds: PaymentSubscriber = {
      name: "holds",
      facts: async () => new Map([["b", { confirmationHeldBy: "holds" }]]),
      handle: async (_tx, r) => {
        seen.push(`holds:${r.map((p) => `${p.paymentId}/${p.payerAddress}/${p.confirmationHeldBy}`).join(",")}`);
        expect(Object.isFrozen(r[0])).toBe(true);
        return { events: 1 };
      },
    };
    const last: PaymentSubscriber = {
      name: "last",
      handle: async (_tx, r) => {
        seen.push(`last:${r.map((p) => p.crosschain?.sourceNetwork ?? "-").join(",")}`);
        return { events: 2 };
      },
    };
    setPaymentSubscribers([facts, holds, last]);
    expect(await publishPaymentsRecorded(tx, [recorded("a"), recorded("b")])).toBe(3);
    expect(seen).toEqual(["holds:a/0xreal/null,b/0xchain/holds", "last:optimism,-"]);
  });

  it("refuses two subscribers giving the same fact of a payment", async () => {
    const payer = (name: string): PaymentSubscriber => ({
      name,
      facts: async () => new Map([["a", { payerAddress: name }]]),
    });
    setPaymentSubscribers([payer("one"), payer("two")]);
    await expect(publishPaymentsRecorded(tx, [recorded("a")])).rejects.toThrow(
      "Payment a: payerAddress given by both one and two",
    );
  });

  it("refuses to record in a process that registered no subscribers", async () => {
    vi.resetModules();
    const fresh = await import("./payment-recorded");
    await expect(fresh.publishPaymentsRecorded(tx, [recorded("a")])).rejects.toThrow(
      "Payment subscribers are not registered",
    );
  });
});
