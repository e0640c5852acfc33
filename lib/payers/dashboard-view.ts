// What the dashboard's payer and off-ramp pages show. Lists are masked (initials, the last 4
// digits of an account); the review queue shows a submitted payer's identity, because the
// operator decides on it, and records that read (who, when) — all but the tax / social security
// number, shown by its last 4 until the operator reveals it, which is recorded apart
// (docs/decisions/payer-data-encryption.md).
import { type AuditContext, recordAudit, redactedChange } from "../audit";
import { db } from "../db/client";
import { conflict, notFound } from "../http/errors";
import { FIAT_PROGRESS, FIAT_SETBACKS, isFinalFiatStatus } from "./fiat-steps";
import { listOfframpPayments } from "./offramp";
import { initials, maskedAccount, maskedTail } from "./payer-data";
import { isCompliant, listPayers, type PayerRow, payerById, readIdentity, recordRead } from "./payer-store";
import type { PayerIdentity } from "./schemas";

/** A payer's identity as the review queue carries it: the tax number masked, never whole. */
type ReviewIdentity = Omit<PayerIdentity, "ssn"> & { ssnMasked: string | null };

/** Waiting for the operator: the built-in provider, KYC submitted, identity still held. */
const inReview = (p: Pick<PayerRow, "provider" | "kycStatus">, identity: PayerIdentity | null) =>
  p.provider === "builtin" && p.kycStatus === "pending" && identity !== null;

export interface PayerListRow {
  userId: string;
  clientUserId: string;
  initials: string;
  kycStatus: string;
  kycRejectionReason: string | null;
  agreementStatus: string;
  isCompliant: boolean;
  provider: string;
  createdAt: Date;
  accounts: { id: string; bankName: string; masked: string; currency: string; status: string }[];
  /** The identity (tax number masked): only for payers waiting for the operator's review. */
  review: ReviewIdentity | null;
}

export async function payersPage(platformId: string, userId: string): Promise<PayerListRow[]> {
  const payers = await listPayers(platformId);
  const rows: PayerListRow[] = [];
  for (const p of payers) {
    const identity = readIdentity(p);
    const review = inReview(p, identity);
    if (review) await recordRead(platformId, p.id, { actor: `user:${userId}`, purpose: "dashboard KYC review queue" });
    rows.push({
      userId: p.id,
      clientUserId: p.clientUserId,
      initials: identity ? initials(identity) : "—",
      kycStatus: p.kycStatus,
      kycRejectionReason: p.kycRejectionReason,
      agreementStatus: p.agreementStatus,
      isCompliant: isCompliant(p),
      provider: p.provider,
      createdAt: p.createdAt,
      accounts: p.paymentDetails.map((d) => ({
        id: d.id,
        bankName: d.details.bankName,
        masked: maskedAccount(d.details),
        currency: d.details.currency,
        status: d.status,
      })),
      review: review && identity ? reviewIdentity(identity) : null,
    });
  }
  return rows;
}

function reviewIdentity({ ssn, ...rest }: PayerIdentity): ReviewIdentity {
  return { ...rest, ssnMasked: ssn ? maskedTail(ssn) : null };
}

/**
 * The operator's "Reveal" in the review queue: the whole tax / social security number of a payer
 * waiting for review, recorded in payer_data_reads (who, which payer, when) before it is answered.
 */
export async function revealTaxNumber(
  platformId: string,
  payerId: string,
  userId: string,
  audit: AuditContext,
): Promise<string> {
  const payer = await payerById(platformId, payerId);
  if (!payer) throw notFound("payer_not_found", "No payer with this id");
  const identity = readIdentity(payer);
  if (!inReview(payer, identity) || !identity)
    throw conflict("payer_not_in_review", `This payer is not waiting for review (KYC is ${payer.kycStatus})`);
  // Both ledgers in one transaction: payer_data_reads (every read of payer data, for the payer's
  // sake) and the audit log (what the platform's people did); the number itself in neither.
  await (await db()).$transaction(async (tx) => {
    await recordRead(
      platformId,
      payer.id,
      { actor: `user:${userId}`, purpose: "dashboard KYC review: tax / social security number revealed" },
      tx,
    );
    await recordAudit(tx, audit, {
      action: "payer.data_revealed",
      target: { type: "payer", id: payer.id },
      changes: [redactedChange("taxNumber")],
    });
  });
  if (!identity.ssn) throw notFound("payer_tax_number_missing", "This payer gave no tax number");
  return identity.ssn;
}

export interface OfframpRow {
  requestId: string;
  subStatus: string;
  clientUserId: string;
  account: string;
  txHash: string | null;
  failureReason: string | null;
  updatedAt: Date;
  /** The steps the operator may report next (none before the crypto payment, none at the end). */
  nextSteps: string[];
}

export async function offrampPage(platformId: string): Promise<OfframpRow[]> {
  const [payments, payers] = await Promise.all([listOfframpPayments(platformId), listPayers(platformId)]);
  const byId = new Map(payers.map((p) => [p.id, p]));
  return payments.map((o) => {
    const payer = byId.get(o.payerId);
    const detail = payer?.paymentDetails.find((d) => d.id === o.paymentDetailId);
    const open = o.subStatus !== "awaiting_payment" && !isFinalFiatStatus(o.subStatus);
    // After retry_required the checks or the sending are retried (fiat-steps.ts refuseFiatStep).
    const position =
      o.subStatus === "retry_required" ? 1 : FIAT_PROGRESS.indexOf(o.subStatus as (typeof FIAT_PROGRESS)[number]);
    return {
      requestId: o.requestId,
      subStatus: o.subStatus,
      clientUserId: payer?.clientUserId ?? "erased payer",
      account: detail ? `${detail.details.bankName} ${maskedAccount(detail.details)}` : "—",
      txHash: o.txHash,
      failureReason: o.failureReason,
      updatedAt: o.updatedAt,
      nextSteps: open
        ? [
            ...FIAT_PROGRESS.filter((_, i) => i > Math.max(position, 0)),
            ...FIAT_SETBACKS.filter((s) => s !== o.subStatus),
          ]
        : [],
    };
  });
}
