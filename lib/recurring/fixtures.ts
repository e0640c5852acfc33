// A recurring payout stored without any chain read (authorization and fuzz tests): its request
// and a pending schedule, as POST /v2/payouts would leave them before the signature.
import { ulid } from "ulid";
import { SANDBOX_RECURRING_PROXY } from "../chains/recurring-proxy";
import { createRequest } from "../requests/create-request";
import { insertRecurringPayment } from "./recurring-store";

export async function insertTestSchedule(platformId: string): Promise<{ id: string; requestId: string }> {
  const payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
  const request = await createRequest(
    { platformId, clientIdId: null },
    {
      amount: "10",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
      recurrence: { startDate: "2099-01-01", frequency: "WEEKLY" },
    },
  );
  const id = ulid();
  const firstPayment = 4_070_908_800; // 2099-01-01
  await insertRecurringPayment({
    id,
    platformId,
    clientIdId: null,
    requestId: request.requestId,
    network: "base",
    proxyAddress: SANDBOX_RECURRING_PROXY,
    frequency: "WEEKLY",
    startDate: new Date(firstPayment * 1000),
    permit: {
      subscriber: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      recipient: payee,
      feeAddress: "0x0000000000000000000000000000000000000000",
      amount: 10_000_000n,
      feeAmount: 0n,
      relayerFee: 0n,
      periodSeconds: 604_800,
      firstPayment,
      totalPayments: 4,
      nonce: 1n,
      deadline: BigInt(firstPayment + 2 * 365 * 86_400),
      strictOrder: true,
    },
  });
  return { id, requestId: request.requestId };
}
