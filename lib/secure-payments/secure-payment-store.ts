// The secure_payments table, owned by this domain. Other domains go through these functions.
import { db } from "../db/client";
import type { Prisma, SecurePayment as Row } from "../db/generated/client";
import { isUlid } from "../ids/ids";
import { isRequestId } from "../requests";

export type SecurePaymentType = Row["paymentType"];

export interface StoredSecurePayment {
  token: string;
  platformId: string;
  clientIdId: string | null;
  /** The orchestrator that created it for a linked platform; fixed at creation. */
  orchestratorId: string | null;
  parentToken: string | null;
  position: number | null;
  paymentType: SecurePaymentType;
  /** Only `cancelled` is stored as a decision; everything else is derived on read (payment-state.ts). */
  storedStatus: Row["status"];
  requestIds: string[];
  reference: string | null;
  redirectUrl: string | null;
  redirectLabel: string | null;
  /** Normalised: EVM lowercased, Tron as given. Empty: anyone may pay. */
  allowedPayerAddresses: string[];
  /** accessPolicy.mode as given; wallets are screened iff kytPolicyId is set (mode kyt_all_wallets). */
  kytMode: string;
  kytPolicyId: string | null;
  hideUntilApproved: boolean;
  hidePayeeAddress: boolean;
  expiresAt: Date;
  completedAt: Date | null;
  createdAt: Date;
}

type AccessPolicyFields = "kytMode" | "kytPolicyId" | "hideUntilApproved" | "hidePayeeAddress";
export type NewSecurePayment = Omit<
  StoredSecurePayment,
  "storedStatus" | "completedAt" | "createdAt" | "parentToken" | "position" | AccessPolicyFields
> &
  Partial<Pick<StoredSecurePayment, AccessPolicyFields>>;

export function fromRow(row: Row): StoredSecurePayment {
  return {
    token: row.token,
    platformId: row.platformId,
    clientIdId: row.clientIdId,
    orchestratorId: row.orchestratorId,
    parentToken: row.parentToken,
    position: row.position,
    paymentType: row.paymentType,
    storedStatus: row.status,
    requestIds: row.requestIds,
    reference: row.reference,
    redirectUrl: row.redirectUrl,
    redirectLabel: row.redirectLabel,
    allowedPayerAddresses: row.allowedPayerAddresses,
    kytMode: row.kytMode,
    kytPolicyId: row.kytPolicyId,
    hideUntilApproved: row.hideUntilApproved,
    hidePayeeAddress: row.hidePayeeAddress,
    expiresAt: row.expiresAt,
    completedAt: row.completedAt,
    createdAt: row.createdAt,
  };
}

export async function insertSecurePayment(
  tx: Prisma.TransactionClient,
  sp: NewSecurePayment,
): Promise<StoredSecurePayment> {
  return fromRow(await tx.securePayment.create({ data: { ...sp } }));
}

/** Any platform's secure payment by token: the token is the credential of the hosted page. */
export async function findSecurePaymentByToken(token: string): Promise<StoredSecurePayment | null> {
  // A token is a ULID; anything else cannot exist (404 without a lookup).
  if (!isUlid(token, true)) return null;
  const row = await (await db()).securePayment.findUnique({ where: { token: token.toUpperCase() } });
  return row ? fromRow(row) : null;
}

/** The platform's newest secure payment that contains the request (children before their multicall parent). */
export async function findSecurePaymentByRequest(
  platformId: string,
  requestId: string,
): Promise<StoredSecurePayment | null> {
  if (!isRequestId(requestId)) return null;
  const rows = await (await db()).securePayment.findMany({
    where: { platformId, requestIds: { has: requestId.toLowerCase() } },
    orderBy: { createdAt: "desc" },
  });
  const row = rows.find((r) => r.paymentType !== "multicall") ?? rows[0];
  return row ? fromRow(row) : null;
}

export async function findChildren(parentToken: string): Promise<StoredSecurePayment[]> {
  const rows = await (await db()).securePayment.findMany({ where: { parentToken }, orderBy: { position: "asc" } });
  return rows.map(fromRow);
}

/** The platform's secure payments among `tokens` (one query, for multicalls of up to 1000). */
export async function findOwnSecurePayments(
  platformId: string,
  tokens: readonly string[],
): Promise<StoredSecurePayment[]> {
  const valid = tokens.filter((t) => isUlid(t, true)).map((t) => t.toUpperCase());
  const rows = await (await db()).securePayment.findMany({ where: { platformId, token: { in: valid } } });
  return rows.map(fromRow);
}

/** Attaches children to a multicall parent in one statement; false when one was taken meanwhile. */
export async function attachChildren(
  tx: Prisma.TransactionClient,
  parentToken: string,
  childTokens: string[],
): Promise<boolean> {
  const count = await tx.$executeRaw`
    UPDATE secure_payments s SET parent_token = ${parentToken}, position = c.position
    FROM unnest(${childTokens}::varchar[], ${childTokens.map((_, i) => i)}::int[]) AS c(token, position)
    WHERE s.token = c.token AND s.parent_token IS NULL`;
  return count === childTokens.length;
}

/** Cancels one pending link of the platform; false when it was not pending (paid, merged or cancelled meanwhile). */
export async function cancelPendingLink(platformId: string, token: string): Promise<boolean> {
  const { count } = await (await db()).securePayment.updateMany({
    where: { token, platformId, status: "pending" },
    data: { status: "cancelled" },
  });
  return count === 1;
}

/** Invalidates payout links merged into a batch link, in one statement; false when one was taken meanwhile. */
export async function cancelMergedLinks(tx: Prisma.TransactionClient, tokens: string[]): Promise<boolean> {
  const { count } = await tx.securePayment.updateMany({
    where: { token: { in: tokens }, status: "pending", parentToken: null },
    data: { status: "cancelled" },
  });
  return count === tokens.length;
}
