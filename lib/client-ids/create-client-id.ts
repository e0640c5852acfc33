import { randomBytes } from "node:crypto";
import { type AuditContext, changesBetween, recordAudit } from "../audit";
import { db } from "../db/client";

export interface NewClientId {
  label: string;
  allowedDomains: string[];
  feePercentage?: string;
  feeAddress?: string;
  operatorWalletAddress?: string;
  defaultPreApprovalExpiry?: number;
  defaultAuthorizationExpiry?: number;
  webhookRegistrationByClientId?: boolean;
  /** Canonical, and checked to be the platform's active destination, by the caller. */
  payeeDestinationId?: string;
}

/** Client IDs are public (browsers send them), so they need uniqueness, not secrecy. */
export function generateClientIdValue(): string {
  return `cid_${randomBytes(16).toString("hex")}`;
}

/** The settings the audit log compares (a client ID holds no secret: its value is public). */
export const AUDITED_CLIENT_ID_FIELDS = [
  "clientId",
  "label",
  "allowedDomains",
  "feePercentage",
  "feeAddress",
  "operatorWalletAddress",
  "defaultPreApprovalExpiry",
  "defaultAuthorizationExpiry",
  "webhookRegistrationByClientId",
  "payeeDestinationId",
  "status",
] as const;

/** `audit`: who creates it (its audit log entry, in the same transaction); none for fixtures. */
export async function createClientIdRecord(platformId: string, input: NewClientId, audit?: AuditContext) {
  return (await db()).$transaction(async (tx) => {
    const row = await tx.clientId.create({ data: { platformId, clientId: generateClientIdValue(), ...input } });
    if (audit)
      await recordAudit(tx, audit, {
        action: "client_id.created",
        target: { type: "client_id", id: row.id },
        changes: changesBetween(null, row, AUDITED_CLIENT_ID_FIELDS),
      });
    return row;
  });
}
