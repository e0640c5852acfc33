// The platform's payment links (secure payments to its payee destinations) as the dashboard
// lists them: newest first, each in the state a payer would meet (open, paid, expired,
// cancelled), derived as the API derives it. Payouts and multicalls are not payment links.
import { formatUnits } from "viem";
import { getCurrency } from "../chains/currencies";
import { NETWORKS } from "../chains/networks";
import { db } from "../db/client";
import { securePaymentUrl } from "./create-secure-payment";
import { detectedPayments } from "./detected-payments";
import { feeLegs } from "./fee-plan";
import { deriveStatus, type SecurePaymentStatus } from "./payment-state";
import { requestsOfAll } from "./request-views";

export const LINK_STATES = ["open", "paid", "expired", "cancelled"] as const;
export type LinkState = (typeof LINK_STATES)[number];

export interface PaymentLinkRow {
  token: string;
  url: string;
  state: LinkState;
  /** What the payer pays: the requests' amounts and the fees on top, a decimal string in `symbol`. */
  total: string | null;
  symbol: string | null;
  networkName: string | null;
  reference: string | null;
  allowedPayers: string[];
  requestIds: string[];
  createdAt: Date;
  expiresAt: Date;
  /** When a paid link was paid (its last recorded payment); null in every other state. */
  completedAt: Date | null;
}

const STATE_OF: Record<SecurePaymentStatus, LinkState> = {
  pending: "open",
  partially_settled: "open",
  completed: "paid",
  expired: "expired",
  invalidated: "cancelled",
};

/** The newest `limit` payment links of the platform, optionally only those in one state. */
export async function listPaymentLinks(
  platformId: string,
  opts: { state?: LinkState; limit?: number } = {},
  now = new Date(),
): Promise<PaymentLinkRow[]> {
  const rows = await (await db()).securePayment.findMany({
    where: { platformId, paymentType: "single" },
    orderBy: [{ createdAt: "desc" }, { token: "desc" }],
    take: opts.limit ?? 200,
  });
  const requests = await requestsOfAll(rows.map((r) => ({ platformId, requestIds: r.requestIds })));
  const states = rows.map(
    (row, i) => STATE_OF[deriveStatus({ storedStatus: row.status, expiresAt: row.expiresAt }, requests[i], now)],
  );
  // A link is paid when its last payment is recorded: that payment's block time is when it was
  // paid (the stored completion time is set only by some flows).
  const paidAt = await Promise.all(
    rows.map(async (row, i) =>
      states[i] === "paid"
        ? (row.completedAt ?? (await detectedPayments(requests[i])).at(-1)?.blockTime ?? null)
        : null,
    ),
  );
  return rows
    .map((row, i): PaymentLinkRow => {
      const reqs = requests[i];
      const currency =
        reqs[0] && reqs.every((r) => r.paymentCurrency === reqs[0].paymentCurrency)
          ? getCurrency(reqs[0].paymentCurrency)
          : undefined;
      const gross = reqs.reduce((s, r) => s + r.expectedAmount, 0n);
      const fees = feeLegs(reqs).reduce((s, l) => s + l.amount, 0n);
      return {
        token: row.token,
        url: securePaymentUrl(row.token),
        state: states[i],
        total: currency ? formatUnits(gross + fees, currency.decimals) : null,
        symbol: currency?.symbol ?? null,
        networkName: reqs[0] ? NETWORKS[reqs[0].network].name : null,
        reference: row.reference,
        allowedPayers: row.allowedPayerAddresses,
        requestIds: row.requestIds,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        completedAt: paidAt[i],
      };
    })
    .filter((l) => !opts.state || l.state === opts.state);
}
