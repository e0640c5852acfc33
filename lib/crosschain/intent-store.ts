// The crosschain_intents table (owned by crosschain). Terms are stored as JSON with bigints as
// decimal strings; every status change is a conditional update on the status it leaves, so
// two instances (or a retried request) cannot both make the same change.
import type { Address, Hex } from "viem";
import type { EvmNetworkId } from "../chains/networks";
import { toBigInt, toDecimal } from "../db/amounts";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { IntentTerms } from "./intent-typed-data";

export type IntentStatus = "created" | "signed" | "collected" | "paid" | "failed" | "refunded";

export interface PermitDomain {
  name: string;
  version: string;
}

export interface SignedPermit {
  signature: Hex;
  nonce: string;
  deadline: string;
}

/** A transaction signed and stored before it is broadcast (see settle-intent.ts). */
export interface PendingTx {
  step: "permit" | "collect" | "approve" | "payout" | "refund";
  network: EvmNetworkId;
  hash: Hex;
  raw: Hex;
}

export interface StoredIntent {
  id: string;
  platformId: string;
  requestId: string;
  sourceNetwork: EvmNetworkId;
  destinationNetwork: EvmNetworkId;
  payer: Address;
  terms: IntentTerms;
  permitDomain: PermitDomain | null;
  destinationAmount: bigint;
  supportsPermit: boolean;
  status: IntentStatus;
  signature: Hex | null;
  approvalPermit: SignedPermit | null;
  pendingTx: PendingTx | null;
  permitTxHash: string | null;
  sourceTxHash: string | null;
  destinationTxHash: string | null;
  refundTxHash: string | null;
  failureReason: string | null;
  expiresAt: Date;
}

type Row = Awaited<ReturnType<Awaited<ReturnType<typeof db>>["crosschainIntent"]["findFirst"]>>;

const BIGINT_TERMS = ["amount", "fee", "nonce", "deadline", "processingDate"] as const;

function termsToJson(terms: IntentTerms, permitDomain: PermitDomain | null) {
  const out: Record<string, unknown> = { ...terms, permitDomain };
  for (const k of BIGINT_TERMS) out[k] = terms[k].toString();
  return out;
}

function fromRow(row: NonNullable<Row>): StoredIntent {
  const json = row.terms as Record<string, unknown>;
  const { permitDomain, ...rest } = json;
  const terms = { ...rest } as unknown as IntentTerms;
  for (const k of BIGINT_TERMS) (terms as unknown as Record<string, bigint>)[k] = BigInt(json[k] as string);
  return {
    id: row.id,
    platformId: row.platformId,
    requestId: row.requestId,
    sourceNetwork: row.sourceNetwork as EvmNetworkId,
    destinationNetwork: row.destinationNetwork as EvmNetworkId,
    payer: row.payer as Address,
    terms,
    permitDomain: (permitDomain as PermitDomain | null) ?? null,
    destinationAmount: toBigInt(row.destinationAmount),
    supportsPermit: row.supportsPermit,
    status: row.status,
    signature: row.signature as Hex | null,
    approvalPermit: row.approvalPermit as SignedPermit | null,
    pendingTx: row.pendingTx as PendingTx | null,
    permitTxHash: row.permitTxHash,
    sourceTxHash: row.sourceTxHash,
    destinationTxHash: row.destinationTxHash,
    refundTxHash: row.refundTxHash,
    failureReason: row.failureReason,
    expiresAt: row.expiresAt,
  };
}

export interface NewIntent {
  id: string;
  platformId: string;
  requestId: string;
  sourceNetwork: EvmNetworkId;
  destinationNetwork: EvmNetworkId;
  terms: IntentTerms;
  permitDomain: PermitDomain | null;
  destinationAmount: bigint;
  supportsPermit: boolean;
}

export async function insertIntent(i: NewIntent): Promise<void> {
  const prisma = await db();
  await prisma.crosschainIntent.create({
    data: {
      id: i.id,
      platformId: i.platformId,
      requestId: i.requestId,
      sourceNetwork: i.sourceNetwork,
      destinationNetwork: i.destinationNetwork,
      payer: i.terms.payer,
      terms: termsToJson(i.terms, i.permitDomain) as object,
      destinationAmount: toDecimal(i.destinationAmount),
      supportsPermit: i.supportsPermit,
      expiresAt: new Date(Number(i.terms.deadline) * 1000),
    },
  });
}

/** Scoped to the caller's platform: another platform's intent is not found. */
export async function findIntent(platformId: string, id: string): Promise<StoredIntent | null> {
  const prisma = await db();
  const row = await prisma.crosschainIntent.findFirst({ where: { id, platformId } });
  return row ? fromRow(row) : null;
}

export async function readIntent(id: string): Promise<StoredIntent> {
  const prisma = await db();
  return fromRow((await prisma.crosschainIntent.findUniqueOrThrow({ where: { id } }))!);
}

/** Intents the operator still has work on, oldest first. */
export async function openIntents(limit = 20): Promise<StoredIntent[]> {
  const prisma = await db();
  const rows = await prisma.crosschainIntent.findMany({
    where: { status: { in: ["signed", "collected"] } },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  return rows.map(fromRow);
}

export interface IntentChange {
  status?: IntentStatus;
  signature?: Hex;
  approvalPermit?: SignedPermit;
  pendingTx?: PendingTx | null;
  permitTxHash?: string;
  sourceTxHash?: string;
  destinationTxHash?: string;
  refundTxHash?: string;
  failureReason?: string;
}

function changeData(change: IntentChange) {
  const { pendingTx, approvalPermit, ...rest } = change;
  return {
    ...rest,
    ...(approvalPermit === undefined ? {} : { approvalPermit: approvalPermit as object }),
    ...(pendingTx === undefined ? {} : { pendingTx: pendingTx === null ? Prisma.DbNull : (pendingTx as object) }),
  };
}

/** Applies the change only while the intent is still in `from`; false when it was not. */
export async function changeIntent(
  id: string,
  from: IntentStatus,
  change: IntentChange,
  tx?: Prisma.TransactionClient,
): Promise<boolean> {
  const prisma = tx ?? (await db());
  // Storing a new transaction to send: only when none is pending, so two workers that both
  // prepared one cannot both record (and send) theirs.
  const noPending = change.pendingTx ? { pendingTx: { equals: Prisma.DbNull } } : {};
  const { count } = await prisma.crosschainIntent.updateMany({
    where: { id, status: from, ...noPending },
    data: changeData(change),
  });
  return count === 1;
}
