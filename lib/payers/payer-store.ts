// The payers table and its bank details (this domain owns `payers`, `payment_details`,
// `payer_data_reads`). Identity and bank fields go in and out through payer-data.ts only; a
// payer is looked up by the caller's platform, so another platform's payer does not exist.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { notFound } from "../http/errors";
import {
  openBankDetails,
  openIdentity,
  resealBankDetails,
  resealIdentity,
  sealBankDetails,
  sealIdentity,
} from "./payer-data";
import type { BankDetails, KycStatus, PayerIdentity } from "./schemas";

type Tx = Prisma.TransactionClient;

export interface PayerRow {
  id: string;
  platformId: string;
  clientUserId: string;
  identity: string | null;
  kycStatus: string;
  kycRejectionReason: string | null;
  agreementStatus: string;
  provider: string;
  providerApplicantId: string | null;
  providerKycUrl: string | null;
  erasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const isCompliant = (p: Pick<PayerRow, "kycStatus" | "agreementStatus">) =>
  p.kycStatus === "completed" && p.agreementStatus === "completed";

export const hashPortalToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Who read whole personal data, recorded with every such read (docs/decisions/payer-data-encryption.md). */
export interface Reader {
  actor: string;
  purpose: string;
}

export async function findPayer(platformId: string, clientUserId: string, tx?: Tx): Promise<PayerRow | null> {
  const client = tx ?? (await db());
  return client.payer.findFirst({ where: { platformId, clientUserId, erasedAt: null } });
}

export async function payerOrThrow(platformId: string, clientUserId: string, tx?: Tx): Promise<PayerRow> {
  const payer = await findPayer(platformId, clientUserId, tx);
  if (!payer) throw notFound("payer_not_found", `Payer with client user ID ${clientUserId} not found`);
  return payer;
}

export async function payerById(platformId: string, payerId: string, tx?: Tx): Promise<PayerRow | null> {
  const client = tx ?? (await db());
  return client.payer.findFirst({ where: { platformId, id: payerId, erasedAt: null } });
}

/**
 * Creates the payer or replaces its identity data, and issues a fresh token for the hosted
 * pages (earlier links stop working). Answers the payer and the token (shown once, stored hashed).
 */
export async function upsertPayer(
  tx: Tx,
  platformId: string,
  clientUserId: string,
  identity: PayerIdentity,
): Promise<{ payer: PayerRow; token: string; created: boolean }> {
  const token = randomBytes(24).toString("base64url");
  const existing = await tx.payer.findFirst({ where: { platformId, clientUserId, erasedAt: null } });
  if (existing) {
    const payer = await tx.payer.update({
      where: { id: existing.id },
      data: { identity: sealIdentity(existing.id, identity), portalTokenHash: hashPortalToken(token) },
    });
    return { payer, token, created: false };
  }
  const id = randomUUID();
  const payer = await tx.payer.create({
    data: {
      id,
      platformId,
      clientUserId,
      identity: sealIdentity(id, identity),
      portalTokenHash: hashPortalToken(token),
    },
  });
  return { payer, token, created: true };
}

export async function payerByPortalToken(token: string, tx?: Tx): Promise<PayerRow | null> {
  const client = tx ?? (await db());
  return client.payer.findFirst({ where: { portalTokenHash: hashPortalToken(token), erasedAt: null } });
}

export async function setProviderApplicant(
  tx: Tx,
  payerId: string,
  provider: string,
  applicantId: string | null,
  kycUrl: string | null,
): Promise<void> {
  await tx.payer.update({
    where: { id: payerId },
    data: { provider, providerApplicantId: applicantId, providerKycUrl: kycUrl },
  });
}

export async function payerByApplicant(tx: Tx, provider: string, applicantId: string): Promise<PayerRow | null> {
  return tx.payer.findFirst({ where: { provider, providerApplicantId: applicantId, erasedAt: null } });
}

export async function setStatuses(
  tx: Tx,
  payerId: string,
  change: {
    kycStatus?: KycStatus;
    kycRejectionReason?: string | null;
    agreementStatus?: "not_started" | "completed";
    identity?: string;
  },
): Promise<PayerRow> {
  return tx.payer.update({ where: { id: payerId }, data: change });
}

export function readIdentity(payer: PayerRow): PayerIdentity | null {
  return payer.identity ? openIdentity(payer.id, payer.identity) : null;
}

export { sealIdentity };

export interface StoredDetail {
  id: string;
  payerId: string;
  status: string;
  rails: string | null;
  currency: string | null;
  beneficiaryType: string | null;
  createdAt: Date;
  details: BankDetails;
}

export async function addPaymentDetail(
  tx: Tx,
  payerId: string,
  details: BankDetails,
  status: string,
): Promise<StoredDetail> {
  const id = randomUUID();
  const row = await tx.paymentDetail.create({
    data: {
      id,
      payerId,
      encrypted: sealBankDetails(id, details),
      status,
      rails: details.rails,
      currency: details.currency,
      beneficiaryType: details.beneficiaryType,
    },
  });
  return { ...row, details };
}

/** A payer's bank details, decrypted; every call is a read of whole bank data and is recorded. */
export async function readPaymentDetails(
  payer: PayerRow,
  reader: Reader,
  paymentDetailsId?: string,
): Promise<StoredDetail[]> {
  const client = await db();
  const rows = await client.paymentDetail.findMany({
    where: { payerId: payer.id, ...(paymentDetailsId ? { id: paymentDetailsId } : {}) },
    orderBy: { createdAt: "asc" },
  });
  if (rows.length > 0) {
    await client.payerDataRead.createMany({
      data: rows.map((r) => ({
        platformId: payer.platformId,
        payerId: payer.id,
        paymentDetailId: r.id,
        actor: reader.actor,
        purpose: reader.purpose,
      })),
    });
  }
  return rows.map((r) => ({ ...r, details: openBankDetails(r.id, r.encrypted) }));
}

/** Whether the payer holds this payment detail (no data read). */
export async function hasPaymentDetail(tx: Tx, payerId: string, paymentDetailsId: string): Promise<boolean> {
  return (await tx.paymentDetail.count({ where: { id: paymentDetailsId, payerId } })) > 0;
}

export async function recordRead(platformId: string, payerId: string, reader: Reader, tx?: Tx): Promise<void> {
  await (tx ?? (await db())).payerDataRead.create({
    data: { platformId, payerId, actor: reader.actor, purpose: reader.purpose },
  });
}

/** The dashboard's list: statuses, and bank details for masking (decrypted here, never sent whole). */
export async function listPayers(platformId: string) {
  const rows = await (await db()).payer.findMany({
    where: { platformId, erasedAt: null },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { paymentDetails: { orderBy: { createdAt: "asc" } } },
  });
  return rows.map((p) => ({
    ...p,
    paymentDetails: p.paymentDetails.map((d) => ({ ...d, details: openBankDetails(d.id, d.encrypted) })),
  }));
}

/**
 * Erases a payer: identity and bank details are deleted, the row stays (payments and the
 * off-ramp record of them keep their payer id) under a freed clientUserId.
 */
export async function erasePayer(tx: Tx, payerId: string, now = new Date()): Promise<void> {
  await tx.paymentDetail.deleteMany({ where: { payerId } });
  await tx.payer.update({
    where: { id: payerId },
    data: {
      identity: null,
      clientUserId: `erased:${payerId}`,
      portalTokenHash: null,
      providerKycUrl: null,
      kycRejectionReason: null,
      erasedAt: now,
    },
  });
}

/**
 * Key rotation: re-encrypts with the current key every identity and bank value that only a
 * previous key (ENCRYPTION_KEY_PREVIOUS) reads. Idempotent; answers how many were rewritten.
 */
export async function reencryptPayerData(): Promise<{ identities: number; paymentDetails: number }> {
  const client = await db();
  let identities = 0;
  let paymentDetails = 0;
  for (const p of await client.payer.findMany({
    where: { identity: { not: null } },
    select: { id: true, identity: true },
  })) {
    const resealed = resealIdentity(p.id, p.identity!);
    if (resealed) {
      await client.payer.update({ where: { id: p.id }, data: { identity: resealed } });
      identities++;
    }
  }
  for (const d of await client.paymentDetail.findMany({ select: { id: true, encrypted: true } })) {
    const resealed = resealBankDetails(d.id, d.encrypted);
    if (resealed) {
      await client.paymentDetail.update({ where: { id: d.id }, data: { encrypted: resealed } });
      paymentDetails++;
    }
  }
  return { identities, paymentDetails };
}
