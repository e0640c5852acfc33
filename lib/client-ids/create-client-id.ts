import { randomBytes } from "node:crypto";
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

export async function createClientIdRecord(platformId: string, input: NewClientId) {
  return (await db()).clientId.create({ data: { platformId, clientId: generateClientIdValue(), ...input } });
}
