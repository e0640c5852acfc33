// Screens a payment's wallets with every provider in force
// (docs/decisions/wallet-screening-kyt.md): a wallet is rejected as soon as one provider rejects it, approved when
// every provider that covers its network approves it, and undecided (a provider error, or no
// provider covering the network) otherwise. Verdicts are cached per wallet and provider for
// KYT_CACHE_SECONDS; errors are not. Each decided result is recorded for the payment and,
// when it is news, `kyt.screening.completed` is emitted in the same transaction. An undecided
// wallet emits nothing and the caller applies KYT_ON_PROVIDER_ERROR (refuse by default).
import { addressKey } from "../addresses/wallet-address";
import type { NetworkId } from "../chains/networks";
import { getConfig } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { type EventOwner, emitEvent, webhookEvent } from "../webhooks";
import { screeningProviders } from "./providers";
import { ScreeningUnavailable, type ScreeningVerdict } from "./screening-provider";
import {
  cachedVerdict,
  purgeStaleVerdicts,
  recordScreening,
  type ScreeningRole,
  storeVerdict,
} from "./screening-store";

export interface ScreeningSubject {
  /** The secure payment's token (the event's paymentToken). */
  token: string;
  platformId: string;
  policyId: string;
  owner: EventOwner;
  network: NetworkId;
}

export interface WalletToScreen {
  wallet: string;
  role: ScreeningRole;
  /** For the event: the EOA behind the wallet and the smart account in front of it. */
  eoaAddress: string | null;
  smartAccountAddress: string | null;
}

export type ScreeningOutcome =
  | { status: "approved" }
  | { status: "rejected"; wallet: string; role: ScreeningRole; provider: string }
  | { status: "undecided"; wallet: string; reason: string };

type WalletDecision = { verdict: ScreeningVerdict; provider: string } | { undecided: string };

async function decide(wallet: string, network: NetworkId, now: Date): Promise<WalletDecision> {
  const since = new Date(now.getTime() - getConfig().KYT_CACHE_SECONDS * 1000);
  const approvedBy: string[] = [];
  let undecided: string | null = null;
  for (const provider of screeningProviders()) {
    let verdict = await cachedVerdict(wallet, provider.name, since);
    if (!verdict) {
      try {
        verdict = await provider.screen(wallet, network);
      } catch (error) {
        if (!(error instanceof ScreeningUnavailable)) throw error;
        log.warn({ provider: provider.name, network, reason: error.message }, "wallet screening provider failed");
        undecided ??= error.message;
        continue;
      }
      if (verdict === null) continue; // not covered: another provider must decide
      await storeVerdict(wallet, provider.name, verdict, now);
    }
    if (verdict.status === "rejected") return { verdict, provider: provider.name };
    approvedBy.push(provider.name);
  }
  if (undecided !== null) return { undecided };
  if (approvedBy.length === 0) return { undecided: `no screening provider covers ${network}` };
  return { verdict: { status: "approved", reasonCode: "clear" }, provider: approvedBy.join("+") };
}

/** Screens each wallet (in order; the first refusal stops), records and reports the results. */
export async function screenWallets(
  subject: ScreeningSubject,
  wallets: readonly WalletToScreen[],
  now = new Date(),
): Promise<ScreeningOutcome> {
  for (const w of wallets) {
    const wallet = addressKey(w.wallet) ?? w.wallet;
    const decision = await decide(wallet, subject.network, now);
    if ("undecided" in decision) return { status: "undecided", wallet, reason: decision.undecided };
    const { verdict, provider } = decision;
    await (await db()).$transaction(async (tx) => {
      const news = await recordScreening(tx, subject.platformId, {
        token: subject.token,
        wallet,
        role: w.role,
        status: verdict.status,
        reasonCode: verdict.reasonCode,
        provider,
        evaluatedAt: now,
      });
      if (!news) return;
      await emitEvent(
        tx,
        webhookEvent("kyt.screening.completed", subject.owner, {
          paymentToken: subject.token,
          walletAddress: wallet,
          eoaAddress: w.eoaAddress === null ? null : (addressKey(w.eoaAddress) ?? w.eoaAddress),
          smartAccountAddress:
            w.smartAccountAddress === null ? null : (addressKey(w.smartAccountAddress) ?? w.smartAccountAddress),
          status: verdict.status,
          provider,
          policyId: subject.policyId,
          timestamp: now,
        }),
      );
    });
    if (verdict.status === "rejected") return { status: "rejected", wallet, role: w.role, provider };
  }
  return { status: "approved" };
}

/** Housekeeping: drops cached verdicts past KYT_CACHE_SECONDS (the per-payment results stay). */
export async function purgeScreeningCache(now = new Date()): Promise<number> {
  return purgeStaleVerdicts(new Date(now.getTime() - getConfig().KYT_CACHE_SECONDS * 1000));
}
