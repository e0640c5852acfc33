// Step two: a signed nonce adds or deactivates a destination. The typed data is rebuilt from
// the values the nonce was issued for, so a signature over anything else does not verify. The
// nonce is consumed in the same transaction as the change, so of two requests racing with one
// nonce exactly one succeeds. A wallet has at most one active destination: adding another
// deactivates the previous one (under a lock on the (platform, wallet) pair).

import type { Hex } from "viem";
import { type AuditContext, changesBetween, recordAudit, systemAuditContext } from "../audit";
import { now } from "../auth";
import { networkByChainId } from "../chains/networks";
import { db } from "../db/client";
import type { PayeeDestination, Prisma } from "../db/generated/client";
import { badRequest, type FieldError } from "../http/errors";
import { canonicalAddress, formatDestinationId } from "./destination-id";
import { destinationToken } from "./destination-tokens";
import { DESTINATION_NOT_FOUND, findDestination, toView } from "./destination-view";
import { forgetDestinationViews } from "./read-destinations";
import type { PayeeDestinationAnswer } from "./schemas";
import { consumeSigningNonce, type IssuedNonce, readSigningNonce } from "./signing-nonces";
import type { DestinationAction } from "./signing-typed-data";
import { isPayeeSignature } from "./verify-payee-signature";

export interface SignedChange {
  signature: string;
  nonce: string;
}

const refuse = (field: "nonce" | "signature", message: string) =>
  badRequest(field === "nonce" ? "signing_nonce_invalid" : "payee_signature_invalid", message, [
    { field, message } satisfies FieldError,
  ]);

const SPENT = "This nonce was already used: each signature counts once. Get new signing data and sign it again";

/**
 * The issued nonce behind a valid signature for `action` (on `destinationId`, when given), and
 * what it names, or a 400 that says what is wrong. The binding is checked before the
 * signature, which may cost a call to the chain.
 */
async function verifiedNonce(
  platformId: string,
  input: SignedChange,
  action: DestinationAction,
  destinationId?: string,
) {
  const state = await readSigningNonce(platformId, input.nonce);
  if (state.kind === "unknown") {
    throw refuse(
      "nonce",
      "Unknown nonce: get signing data from GET /v2/payee-destination/signing-data, sign its typedData and send its nonce",
    );
  }
  if (state.kind === "used") throw refuse("nonce", SPENT);
  const { issued } = state;
  if (state.kind === "expired") {
    throw refuse(
      "nonce",
      `The signing data expired at ${new Date(issued.expiresAt * 1000).toISOString()}: get new signing data and sign it`,
    );
  }
  if (issued.action !== action) {
    throw refuse(
      "nonce",
      issued.action === "deactivate"
        ? "This nonce was issued to deactivate a destination: send it with DELETE /v2/payee-destination/{destinationId}"
        : "This nonce was issued to add a destination: send it with POST /v2/payee-destination",
    );
  }
  const target = targetOf(issued);
  if (destinationId !== undefined && target.destinationId !== destinationId) {
    throw refuse(
      "nonce",
      `This nonce was issued to deactivate another destination, not ${destinationId}: get signing data for this one`,
    );
  }
  if (!(await isPayeeSignature(target.network, issued, input.signature as Hex))) {
    throw refuse(
      "signature",
      `The signature is not ${issued.walletAddress}'s signature of this nonce's typed data: sign the typedData from signing-data unchanged, with that wallet, on chain ${issued.chainId}`,
    );
  }
  return { issued, ...target };
}

function targetOf(issued: IssuedNonce) {
  const network = networkByChainId(issued.chainId);
  const token = network && destinationToken(network.id, issued.tokenAddress);
  if (!network || !token)
    throw refuse("nonce", "This nonce names a token that is no longer a destination token: get new signing data");
  return { network, token, destinationId: formatDestinationId(network, issued.walletAddress, token.address) };
}

/** Serialises changes to one wallet's destinations on one platform until the transaction ends. */
async function lockWallet(tx: Prisma.TransactionClient, platformId: string, walletAddress: string): Promise<void> {
  const key = `payee-destination:${platformId}:${walletAddress}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

async function consumeOrRefuse(tx: Prisma.TransactionClient, nonce: string): Promise<void> {
  if (!(await consumeSigningNonce(tx, nonce))) throw refuse("nonce", SPENT);
}

/** POST /v2/payee-destination: registers (or re-activates) the signed destination. */
export async function addDestination(
  platformId: string,
  input: SignedChange,
  audit: AuditContext = systemAuditContext(platformId),
): Promise<PayeeDestinationAnswer> {
  const { issued, network, token, destinationId } = await verifiedNonce(platformId, input, "add");
  return registerDestination(
    platformId,
    { walletAddress: issued.walletAddress, network, token, destinationId },
    issued.nonce,
    audit,
  );
}

/**
 * POST /v1/payee-destination: the same registration for the wallet of the wallet session, whose
 * sign-in signature (EIP-4361, or Tron message signing) is the wallet's proof.
 */
export async function addSessionWalletDestination(
  platformId: string,
  sessionWallet: string | null,
  target: { chainId: number; tokenAddress: string },
  audit: AuditContext,
): Promise<PayeeDestinationAnswer> {
  const network = networkByChainId(target.chainId);
  if (!network)
    throw badRequest("validation_failed", "Validation failed", [
      { field: "chainId", message: `${target.chainId} is not a chain of this service` },
    ]);
  const walletAddress = sessionWallet && canonicalAddress(network, sessionWallet);
  if (!walletAddress) {
    throw badRequest("validation_failed", "Validation failed", [
      {
        field: "chainId",
        message: `the signed-in wallet ${sessionWallet ?? "(none)"} cannot receive on ${network.id}: sign in with ${network.id === "tron" ? "a Tron" : "an EVM"} wallet`,
      },
    ]);
  }
  const token = destinationToken(network.id, target.tokenAddress);
  if (!token)
    throw badRequest("validation_failed", "Validation failed", [
      { field: "tokenAddress", message: `is not the USDC or USDT of ${network.id}` },
    ]);
  return registerDestination(
    platformId,
    { walletAddress, network, token, destinationId: formatDestinationId(network, walletAddress, token.address) },
    null,
    audit,
  );
}

/** One wallet, one active destination: the previous one is deactivated, a known one re-activated. */
async function registerDestination(
  platformId: string,
  d: {
    walletAddress: string;
    network: NonNullable<ReturnType<typeof networkByChainId>>;
    token: { address: string };
    destinationId: string;
  },
  nonce: string | null,
  audit: AuditContext,
): Promise<PayeeDestinationAnswer> {
  const t = now();
  const { walletAddress, network, token, destinationId } = d;
  const row = await (await db()).$transaction(async (tx): Promise<PayeeDestination> => {
    await lockWallet(tx, platformId, walletAddress);
    if (nonce !== null) await consumeOrRefuse(tx, nonce);
    const replaced = await tx.payeeDestination.findMany({
      where: { platformId, walletAddress, isActive: true, NOT: { destinationId } },
      select: { destinationId: true },
    });
    await tx.payeeDestination.updateMany({
      where: { platformId, walletAddress, isActive: true, NOT: { destinationId } },
      data: { isActive: false, deactivatedAt: t },
    });
    // Where the platform's money goes: the new destination, and the one it replaces.
    await recordAudit(tx, audit, {
      action: "destination.created",
      target: { type: "destination", id: destinationId },
      changes: [
        ...changesBetween(null, { walletAddress, network: network.id, tokenAddress: token.address }, [
          "walletAddress",
          "network",
          "tokenAddress",
        ]),
        ...(replaced.length > 0
          ? changesBetween({ active: replaced.map((r) => r.destinationId) }, { active: destinationId }, ["active"])
          : []),
      ],
    });
    return tx.payeeDestination.upsert({
      where: { platformId_destinationId: { platformId, destinationId } },
      create: {
        platformId,
        destinationId,
        walletAddress,
        chainId: network.chainId,
        tokenAddress: token.address,
        createdAt: t,
      },
      update: { isActive: true, deactivatedAt: null },
    });
  });
  await forgetDestinationViews();
  return toView(row);
}

/** DELETE /v2/payee-destination/{destinationId}: deactivates it, keeping the record. */
export async function deactivateDestination(
  platformId: string,
  destinationId: string,
  input: SignedChange,
  audit: AuditContext,
): Promise<PayeeDestinationAnswer> {
  // The published document answers an unknown destination here with 400 ("Destination not found
  // or validation failed"), not the 404 of GET: same code and message, its status.
  const existing = await findDestination(platformId, destinationId);
  if (!existing) throw badRequest("destination_not_found", DESTINATION_NOT_FOUND);
  const { issued } = await verifiedNonce(platformId, input, "deactivate", destinationId);
  const t = now();
  const row = await (await db()).$transaction(async (tx): Promise<PayeeDestination> => {
    await lockWallet(tx, platformId, existing.walletAddress);
    await consumeOrRefuse(tx, issued.nonce);
    const current = await tx.payeeDestination.findUniqueOrThrow({ where: { id: existing.id } });
    if (current.isActive)
      await recordAudit(tx, audit, {
        action: "destination.deactivated",
        target: { type: "destination", id: current.destinationId },
        changes: changesBetween(current, { isActive: false }, ["isActive"]),
      });
    return tx.payeeDestination.update({
      where: { id: existing.id },
      // Deactivating an already inactive destination keeps the first deactivation time.
      data: { isActive: false, deactivatedAt: current.isActive ? t : (current.deactivatedAt ?? t) },
    });
  });
  await forgetDestinationViews();
  return toView(row);
}
