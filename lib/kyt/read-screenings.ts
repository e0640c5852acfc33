// The screening results a platform may read: a secure payment's (GET /v2/secure-payments?
// requestId=, `payerKytResults` / `payeeKytResults`) and the newest ones (the dashboard).
import { recentScreenings, type StoredScreening, screeningsOf } from "./screening-store";

/** One wallet's result, in the published shape of a KYT result. */
export interface KytResultView {
  walletAddress: string;
  walletType: "eoa" | "smart_account";
  parentWalletAddress: string | null;
  status: "approved" | "rejected";
  reasonCode: string;
  provider: string;
  providerReference: string | null;
  reportUrl: string | null;
  notes: string | null;
  rawStatus: string | null;
  evaluatedAt: Date;
}

function view(s: StoredScreening): KytResultView {
  return {
    walletAddress: s.wallet,
    walletType: "eoa",
    parentWalletAddress: null,
    status: s.status,
    reasonCode: s.reasonCode,
    provider: s.provider,
    providerReference: null,
    reportUrl: null,
    notes: null,
    rawStatus: s.status,
    evaluatedAt: s.evaluatedAt,
  };
}

/** A payment's results: the payer wallets screened and (payout links) its recipients. */
export async function kytResultsOf(
  platformId: string,
  token: string,
): Promise<{ payer: KytResultView[]; payee: KytResultView[] }> {
  const rows = await screeningsOf(platformId, [token]);
  return {
    payer: rows.filter((r) => r.role === "payer").map(view),
    payee: rows.filter((r) => r.role === "recipient").map(view),
  };
}

export type ScreeningRow = StoredScreening;

/** The platform's newest results, newest first (at most `take`). */
export async function latestScreenings(platformId: string, take = 100): Promise<ScreeningRow[]> {
  return recentScreenings(platformId, take);
}
