// What the hosted KYC and agreement pages (app/payer/[token]) show the payer: their own data,
// with the tax number masked (they retype it to correct it), and where they stand. Opening the
// page reads identity data whole, so it is recorded like any other such read.
import { getPlatform } from "../platforms";
import { payerByPortalToken, readIdentity, recordRead } from "./payer-store";
import type { PayerIdentity } from "./schemas";

export interface PayerPortalView {
  platformName: string;
  /** ssnMasked: null when the payer gave no tax number (not asked for in their country). */
  identity: Omit<PayerIdentity, "ssn"> & { ssnMasked: string | null };
  kycStatus: string;
  kycRejectionReason: string | null;
  agreementStatus: string;
  /** The KYC is decided by an external provider's own page, not here. */
  external: boolean;
}

export async function loadPayerPortal(token: string): Promise<PayerPortalView | null> {
  const payer = await payerByPortalToken(token);
  const identity = payer && readIdentity(payer);
  if (!payer || !identity) return null;
  await recordRead(payer.platformId, payer.id, { actor: "payer:hosted-page", purpose: "hosted KYC or agreement page" });
  const { ssn, ...rest } = identity;
  return {
    platformName: (await getPlatform(payer.platformId))?.name ?? "",
    identity: { ...rest, ssnMasked: ssn ? `••••${ssn.slice(-4)}` : null },
    kycStatus: payer.kycStatus,
    kycRejectionReason: payer.kycRejectionReason,
    agreementStatus: payer.agreementStatus,
    external: payer.provider !== "builtin",
  };
}
