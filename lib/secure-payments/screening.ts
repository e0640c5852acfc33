// Wallet screening of a secure payment (accessPolicy.mode `kyt_all_wallets`;
// docs/decisions/wallet-screening-kyt.md): the payer's wallet (and the EOA behind a smart account) before any
// calldata is answered, and a payout link's recipients. A rejected wallet is a 403
// `wallet_screening_rejected`; a screening no provider could decide is a 503
// `wallet_screening_unavailable` unless the operator set KYT_ON_PROVIDER_ERROR=allow.
import { getConfig } from "../config";
import { forbidden, unavailable } from "../http/errors";
import { screenWallets, type WalletToScreen } from "../kyt";
import { eventOwnerOf } from "./event-owner";
import type { LoadedSecurePayment } from "./load-secure-payment";
import type { StoredSecurePayment } from "./secure-payment-store";

interface ScreenedWallets {
  wallet?: string;
  eoaWallet?: string;
}

export function screensWallets(sp: StoredSecurePayment): boolean {
  return sp.kytPolicyId !== null;
}

function walletsToScreen({ sp, requests }: LoadedSecurePayment, q: ScreenedWallets): WalletToScreen[] {
  const out: WalletToScreen[] = [];
  if (q.wallet !== undefined) {
    out.push({
      wallet: q.wallet,
      role: "payer",
      eoaAddress: q.eoaWallet ?? q.wallet,
      smartAccountAddress: q.eoaWallet !== undefined ? q.wallet : null,
    });
  }
  if (q.eoaWallet !== undefined)
    out.push({ wallet: q.eoaWallet, role: "payer", eoaAddress: q.eoaWallet, smartAccountAddress: q.wallet ?? null });
  if (sp.paymentType === "payouts") {
    for (const payee of new Set(requests.map((r) => r.payee)))
      out.push({ wallet: payee, role: "recipient", eoaAddress: null, smartAccountAddress: null });
  }
  return out;
}

/**
 * Screens the wallets when the payment asks for it; throws the refusal. True when the
 * payment screens and every wallet given was approved (what unmasks hidden fields).
 */
export async function enforceScreening(loaded: LoadedSecurePayment, q: ScreenedWallets): Promise<boolean> {
  const { sp } = loaded;
  if (!screensWallets(sp) || q.wallet === undefined) return false;
  const owner = await eventOwnerOf(sp);
  const outcome = await screenWallets(
    {
      token: sp.token,
      platformId: sp.platformId,
      policyId: sp.kytPolicyId!,
      owner,
      network: loaded.requests[0].network,
    },
    walletsToScreen(loaded, q),
  );
  if (outcome.status === "rejected") {
    throw outcome.role === "payer"
      ? forbidden("wallet_screening_rejected", "This wallet did not pass the payment's wallet screening")
      : forbidden(
          "recipient_screening_rejected",
          "The recipient of this payout did not pass the payment's wallet screening",
        );
  }
  if (outcome.status === "undecided" && getConfig().KYT_ON_PROVIDER_ERROR === "refuse") {
    throw unavailable("wallet_screening_unavailable", "The wallet could not be screened now; try again later");
  }
  return true;
}
