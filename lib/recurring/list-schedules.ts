// The dashboard's Subscriptions page: the platform's recurring payouts, newest first, with
// what a merchant asks of each (progress, next due date, last failure, payments made).
import { formatUnits } from "viem";
import { tokenByAddress } from "../chains/currencies";
import { listInstalments, listPlatformSchedules, type RecurringStatus } from "./recurring-store";
import { dueTime } from "./schedule-rules";

export interface SubscriptionRow {
  id: string;
  status: RecurringStatus;
  network: string;
  amount: string; // decimal, in the token
  symbol: string;
  frequency: string;
  payer: string;
  payee: string;
  processedPayments: number;
  totalPayments: number;
  nextPaymentDate: Date | null;
  failureReason: string | null;
  payments: { index: number; txHash: string }[];
  createdAt: Date;
}

export async function listSubscriptions(platformId: string): Promise<SubscriptionRow[]> {
  const schedules = await listPlatformSchedules(platformId);
  return Promise.all(
    schedules.map(async (s) => {
      const token = tokenByAddress(s.network, s.permit.token);
      const paid = (await listInstalments(s.id)).filter((i) => i.status === "paid");
      const open = s.status === "active" && s.processedPayments < s.permit.totalPayments;
      return {
        id: s.id,
        status: s.status,
        network: s.network,
        amount: formatUnits(s.permit.amount, token?.decimals ?? 18),
        symbol: token?.symbol ?? s.permit.token,
        frequency: s.frequency,
        payer: s.permit.subscriber,
        payee: s.permit.recipient,
        processedPayments: s.processedPayments,
        totalPayments: s.permit.totalPayments,
        nextPaymentDate: open ? new Date(dueTime(s.permit, s.processedPayments + 1) * 1000) : null,
        failureReason: s.failureReason,
        payments: paid.map((i) => ({ index: i.paymentIndex, txHash: i.txHash })),
        createdAt: s.createdAt,
      };
    }),
  );
}
