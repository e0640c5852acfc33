// What moves a payer's compliance (docs/interface.md "Payers"): the payer's data, the hosted
// pages, the review queue and provider webhooks. Each change is written with its event
// (`compliance.updated`, `payment_detail.updated`) in one transaction (the webhook outbox).
import { type AuditContext, changesBetween, recordAudit } from "../audit";
import { getConfig } from "../config";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { ApiError, badRequest, conflict, notFound, unauthorized, validationError } from "../http/errors";
import { log } from "../log";
import { emitEvent, webhookEvent } from "../webhooks";
import { complianceProvider } from "./compliance-provider";
import { kycStatusOf, type ProviderWebhook, verifyProviderWebhook } from "./http-compliance-provider";
import { missingForCountry } from "./identity-rules";
import {
  addPaymentDetail,
  erasePayer,
  findPayer,
  isCompliant,
  type PayerRow,
  payerByApplicant,
  payerById,
  payerByPortalToken,
  payerOrThrow,
  readIdentity,
  type StoredDetail,
  sealIdentity,
  setProviderApplicant,
  setStatuses,
  upsertPayer,
} from "./payer-store";
import type { BankDetails, PayerIdentity } from "./schemas";

type Tx = Prisma.TransactionClient;

const ownerOf = (platformId: string) => ({ platformId, clientIdId: null, clientId: null, orchestratorId: null });

export const hostedKycUrl = (token: string) => `${getConfig().APP_URL}/payer/${token}`;
export const hostedAgreementUrl = (token: string) => `${getConfig().APP_URL}/payer/${token}/agreement`;

async function emitCompliance(tx: Tx, payer: PayerRow): Promise<void> {
  await emitEvent(
    tx,
    webhookEvent("compliance.updated", ownerOf(payer.platformId), {
      clientUserId: payer.clientUserId,
      userId: payer.id,
      kycStatus: payer.kycStatus,
      agreementStatus: payer.agreementStatus,
      isCompliant: isCompliant(payer),
    }),
  );
}

/** POST /v2/payer: stores (or replaces) the identity data and answers where the payer completes compliance. */
export async function registerPayer(platformId: string, clientUserId: string, identity: PayerIdentity) {
  const { payer, token } = await (await db()).$transaction(async (tx) => {
    const before = await findPayer(platformId, clientUserId, tx);
    const stored = await upsertPayer(tx, platformId, clientUserId, identity);
    // New identity data after a review is not what was reviewed: KYC starts over.
    const changed = before !== null && JSON.stringify(readIdentity(before)) !== JSON.stringify(identity);
    if (changed && before.provider === "builtin" && before.kycStatus !== "not_started") {
      const reset = await setStatuses(tx, stored.payer.id, { kycStatus: "not_started", kycRejectionReason: null });
      await emitCompliance(tx, reset);
      return { ...stored, payer: reset };
    }
    return stored;
  });
  const provider = complianceProvider();
  let kycUrl = hostedKycUrl(token);
  if (payer.provider !== provider.name || (!provider.reviewedByOperator && !payer.providerApplicantId)) {
    const started = await provider
      .startVerification({ payerId: payer.id, identity, hostedKycUrl: kycUrl })
      .catch((err: unknown) => {
        // The message names the status only (http-compliance-provider.ts): no personal data.
        log.warn(
          { provider: provider.name, payerId: payer.id, err: err instanceof Error ? err.message : String(err) },
          "compliance provider refused applicant creation",
        );
        throw new ApiError(
          502,
          "compliance_provider_unavailable",
          "The compliance provider could not open verification for this payer; retry later",
        );
      });
    await (await db()).$transaction((tx) =>
      setProviderApplicant(
        tx,
        payer.id,
        provider.name,
        started.applicantId,
        provider.reviewedByOperator ? null : started.kycUrl,
      ),
    );
    kycUrl = started.kycUrl;
  } else if (!provider.reviewedByOperator && payer.providerKycUrl) {
    kycUrl = payer.providerKycUrl;
  }
  return { payer, kycUrl, agreementUrl: hostedAgreementUrl(token) };
}

/** PATCH /v2/payer/{clientUserId}: the platform records the agreement (accepted elsewhere, or withdrawn). */
export async function setAgreement(platformId: string, clientUserId: string, completed: boolean): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const payer = await payerOrThrow(platformId, clientUserId, tx);
    const agreementStatus = completed ? "completed" : "not_started";
    if (payer.agreementStatus === agreementStatus) return;
    await emitCompliance(tx, await setStatuses(tx, payer.id, { agreementStatus }));
  });
}

async function portalPayer(tx: Tx, token: string): Promise<PayerRow> {
  const payer = await payerByPortalToken(token, tx);
  if (!payer) throw notFound("payer_link_invalid", "This link is not valid any more: ask for a new one");
  return payer;
}

/**
 * The hosted KYC page's submission: the payer's corrections (if any) replace the stored data,
 * and the built-in provider's KYC goes to review (`pending`).
 */
export async function submitKyc(token: string, corrections: Partial<PayerIdentity>): Promise<PayerRow> {
  return (await db()).$transaction(async (tx) => {
    const payer = await portalPayer(tx, token);
    if (payer.provider !== "builtin")
      throw conflict(
        "payer_kyc_external",
        "Identity verification for this payer is run by the compliance provider's own page",
      );
    if (payer.kycStatus === "completed" || payer.kycStatus === "pending")
      throw conflict("payer_kyc_submitted", "Your data was already submitted");
    const current = readIdentity(payer);
    if (!current) throw notFound("payer_link_invalid", "This link is not valid any more: ask for a new one");
    const merged: PayerIdentity = {
      ...current,
      ...Object.fromEntries(Object.entries(corrections).filter(([, v]) => v !== undefined)),
    };
    // A correction of the country can make a state or tax number necessary (identity-rules.ts).
    const missing = missingForCountry(merged);
    if (missing.length > 0)
      throw validationError(missing.map((m) => ({ field: `corrections.${m.field}`, message: m.message })));
    const updated = await setStatuses(tx, payer.id, {
      kycStatus: "pending",
      kycRejectionReason: null,
      identity: sealIdentity(payer.id, merged),
    });
    await emitCompliance(tx, updated);
    return updated;
  });
}

export async function acceptAgreement(token: string): Promise<PayerRow> {
  return (await db()).$transaction(async (tx) => {
    const payer = await portalPayer(tx, token);
    if (payer.agreementStatus === "completed") return payer;
    const updated = await setStatuses(tx, payer.id, { agreementStatus: "completed" });
    await emitCompliance(tx, updated);
    return updated;
  });
}

/** The dashboard review queue: the operator approves or rejects a submitted payer (built-in provider). */
export async function reviewKyc(
  platformId: string,
  payerId: string,
  decision: "approve" | "reject",
  reason: string | undefined,
  audit: AuditContext,
): Promise<PayerRow> {
  if (decision === "reject" && !reason?.trim())
    throw badRequest("validation_failed", "A rejection needs a reason", [
      { field: "reason", message: "is required to reject" },
    ]);
  return (await db()).$transaction(async (tx) => {
    const payer = await payerById(platformId, payerId, tx);
    if (!payer) throw notFound("payer_not_found", "No payer with this id");
    if (payer.provider !== "builtin")
      throw conflict("payer_kyc_external", "This payer is verified by the external compliance provider");
    if (payer.kycStatus !== "pending")
      throw conflict("payer_not_in_review", `This payer is not waiting for review (KYC is ${payer.kycStatus})`);
    const updated = await setStatuses(
      tx,
      payer.id,
      decision === "approve"
        ? { kycStatus: "completed", kycRejectionReason: null }
        : { kycStatus: "rejected", kycRejectionReason: reason!.trim() },
    );
    await emitCompliance(tx, updated);
    // The reason may name the person: recorded as changed, not kept.
    await recordAudit(tx, audit, {
      action: "payer.review_changed",
      target: { type: "payer", id: payer.id },
      changes: changesBetween(payer, updated, ["kycStatus", "kycRejectionReason"], ["kycRejectionReason"]),
    });
    return updated;
  });
}

/** POST /v2/compliance/webhook: the external provider's verdict, checked against its signature. */
export async function applyProviderWebhook(
  rawBody: string,
  digest: string | null,
  body: ProviderWebhook,
): Promise<void> {
  const config = getConfig();
  if (
    config.COMPLIANCE_PROVIDER !== "http" ||
    !verifyProviderWebhook(config.COMPLIANCE_PROVIDER_WEBHOOK_SECRET!, rawBody, digest)
  ) {
    throw unauthorized("provider_signature_invalid", "The x-payload-digest signature does not match the body");
  }
  await (await db()).$transaction(async (tx) => {
    const payer = await payerByApplicant(tx, "http", body.applicantId);
    if (!payer) throw notFound("payer_not_found", "No payer with this applicant id");
    const kycStatus = kycStatusOf(body);
    if (payer.kycStatus === kycStatus) return;
    const updated = await setStatuses(tx, payer.id, {
      kycStatus,
      kycRejectionReason: kycStatus === "rejected" ? (body.rejectReason ?? "Rejected by the provider") : null,
    });
    await emitCompliance(tx, updated);
  });
}

/**
 * POST /v2/payer/{clientUserId}/payment-details. The bank account is stored encrypted and, with
 * no bank verification of our own, approved at once (`payment_detail.updated`, status approved).
 */
export async function addBankAccount(
  platformId: string,
  clientUserId: string,
  details: BankDetails,
): Promise<{ payer: PayerRow; detail: StoredDetail }> {
  if (!details.accountNumber && !details.iban) {
    throw badRequest("validation_failed", "An account number or an IBAN is required", [
      { field: "accountNumber", message: "is required when iban is not given" },
    ]);
  }
  return (await db()).$transaction(async (tx) => {
    const payer = await payerOrThrow(platformId, clientUserId, tx);
    const detail = await addPaymentDetail(tx, payer.id, details, "approved");
    await emitEvent(
      tx,
      webhookEvent("payment_detail.updated", ownerOf(platformId), {
        clientUserId,
        userId: payer.id,
        paymentDetailsId: detail.id,
        status: detail.status,
      }),
    );
    return { payer, detail };
  });
}

/** The platform erases a payer: identity and bank data are gone, payments stay. */
export async function erase(platformId: string, payerId: string, audit: AuditContext): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const payer = await payerById(platformId, payerId, tx);
    if (!payer) throw notFound("payer_not_found", "No payer with this id");
    await erasePayer(tx, payer.id);
    await recordAudit(tx, audit, { action: "payer.erased", target: { type: "payer", id: payer.id } });
  });
}
