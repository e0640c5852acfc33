// Links that combine the platform's payout links: a multicall paying several in one transaction
// while each keeps its own link (POST …/multicall-payouts), and a batch link that replaces them
// (POST …/batch-payouts).
import { ulid } from "ulid";
import { db } from "../db/client";
import { badRequest, conflict, notFound, validationError } from "../http/errors";
import { TRON_BATCH_MESSAGE } from "../payouts";
import { findRequests } from "../requests";
import { securePaymentUrl } from "./create-secure-payment";
import type { SecurePaymentCreator } from "./creator";
import { feePlanOf } from "./fee-plan";
import { deriveStatus } from "./payment-state";
import {
  type BatchPayoutLinkBody,
  type CreatedSecurePaymentAnswer,
  type CreateMulticallBody,
  DEFAULT_LIFETIME_MS,
  type MulticallCreatedAnswer,
} from "./schemas";
import {
  attachChildren,
  cancelMergedLinks,
  findOwnSecurePayments,
  insertSecurePayment,
  type StoredSecurePayment,
} from "./secure-payment-store";

/** The tokens as stored (upper case), each at most once. */
function distinctTokens(list: string[], field: string): string[] {
  const tokens = list.map((t) => t.trim().toUpperCase());
  const repeated = tokens.find((t, i) => tokens.indexOf(t) !== i);
  if (repeated) throw validationError([{ field, message: `lists ${repeated} more than once` }]);
  return tokens;
}

/**
 * POST /v2/secure-payments/multicall-payouts: the platform's payout links, paid together in
 * one batch transaction. Children stay what they are (each keeps its own link); a child
 * belongs to at most one multicall. Stale children (paid, expired) are listed as such.
 */
export async function createMulticallPayout(
  creator: SecurePaymentCreator,
  body: CreateMulticallBody,
  now = new Date(),
): Promise<MulticallCreatedAnswer> {
  if (body.requestedExecutionKind && body.requestedExecutionKind !== "evm_same_chain") {
    throw badRequest(
      "multicall_kind_unavailable",
      `${body.requestedExecutionKind} multicalls are not available on this service: only evm_same_chain`,
    );
  }
  const tokens = distinctTokens(body.childTokens, "childTokens");
  const found = new Map((await findOwnSecurePayments(creator.platformId, tokens)).map((c) => [c.token, c]));
  const children: StoredSecurePayment[] = [];
  for (const t of tokens) {
    const child = found.get(t);
    if (!child) throw notFound("secure_payment_not_found", `Secure payment not found: ${t}`);
    if (child.paymentType !== "payouts")
      throw badRequest(
        "secure_payment_not_payout",
        `Secure payment ${t} is not a payout: only payout links (POST /v2/secure-payments/payouts) can be paid in a multicall`,
      );
    if (child.parentToken)
      throw conflict(
        "secure_payment_in_multicall",
        `Secure payment ${t} is already part of the multicall ${child.parentToken}`,
      );
    children.push(child);
  }
  const requests = new Map(
    (
      await findRequests(
        creator.platformId,
        children.flatMap((c) => c.requestIds),
      )
    ).map((r) => [r.requestId, r]),
  );
  const networks = new Set(children.map((c) => requests.get(c.requestIds[0])?.network));
  if (networks.has("tron")) throw badRequest("batch_tron_unsupported", TRON_BATCH_MESSAGE);
  if (networks.size > 1)
    throw badRequest("batch_mixed_networks", "All payouts of a multicall must be on the same network");

  const items = children.map((c, position) => {
    const status = deriveStatus(
      c,
      c.requestIds.map((id) => requests.get(id)!),
      now,
    );
    const staleReason: MulticallCreatedAnswer["items"][number]["staleReason"] =
      status === "completed"
        ? "already_paid"
        : status === "expired"
          ? "secure_payment_expired"
          : status === "pending"
            ? undefined
            : "secure_payment_not_pending";
    return {
      securePaymentToken: c.token,
      requestId: c.requestIds[0],
      position,
      eligibility: staleReason ? ("stale" as const) : ("eligible" as const),
      ...(staleReason ? { staleReason } : {}),
    };
  });
  // The parent lives as long as its longest-lived child could still be paid, at most the default lifetime.
  const latest = Math.max(...children.map((c) => c.expiresAt.getTime()));
  const expiresAt = new Date(Math.min(latest, now.getTime() + DEFAULT_LIFETIME_MS));
  const token = ulid();
  await (await db()).$transaction(async (tx) => {
    await insertSecurePayment(tx, {
      token,
      platformId: creator.platformId,
      clientIdId: creator.clientIdId,
      orchestratorId: creator.orchestratorId,
      paymentType: "multicall",
      requestIds: children.flatMap((c) => c.requestIds),
      reference: null,
      redirectUrl: null,
      redirectLabel: null,
      allowedPayerAddresses: [],
      expiresAt,
    });
    if (
      !(await attachChildren(
        tx,
        token,
        children.map((c) => c.token),
      ))
    )
      throw conflict("secure_payment_in_multicall", "One of these payouts was added to another multicall meanwhile");
  });
  return {
    type: "multicall",
    token,
    securePaymentUrl: securePaymentUrl(token),
    status: expiresAt.getTime() > now.getTime() ? "pending" : "expired",
    expiresAt,
    createdAt: now,
    items,
  };
}

/**
 * POST /v2/secure-payments/batch-payouts: one link paying several pending payout links of one
 * EVM network in one batch transaction. The merged links are invalidated (their requests now
 * belong to the batch link), in the same transaction that creates it.
 */
export async function createBatchPayoutLink(
  creator: SecurePaymentCreator,
  body: BatchPayoutLinkBody,
  now = new Date(),
): Promise<CreatedSecurePaymentAnswer> {
  const tokens = distinctTokens(body.tokens, "tokens");
  const found = new Map((await findOwnSecurePayments(creator.platformId, tokens)).map((c) => [c.token, c]));
  const links: StoredSecurePayment[] = [];
  for (const t of tokens) {
    const link = found.get(t);
    if (!link) throw notFound("secure_payment_not_found", `Secure payment not found: ${t}`);
    if (link.paymentType !== "payouts" || link.requestIds.length !== 1)
      throw badRequest(
        "batch_payout_invalid",
        `Secure payment ${t} is not a single payout link (POST /v2/secure-payments/payouts)`,
      );
    if (link.parentToken)
      throw badRequest("batch_payout_invalid", `Secure payment ${t} is part of the multicall ${link.parentToken}`);
    links.push(link);
  }
  const requests = new Map(
    (
      await findRequests(
        creator.platformId,
        links.flatMap((c) => c.requestIds),
      )
    ).map((r) => [r.requestId, r]),
  );
  for (const link of links) {
    if (
      deriveStatus(
        link,
        link.requestIds.map((id) => requests.get(id)!),
        now,
      ) !== "pending"
    )
      throw badRequest("batch_payout_invalid", `Secure payment ${link.token} is not pending`);
  }
  const networks = new Set(links.map((c) => requests.get(c.requestIds[0])!.network));
  if (networks.has("tron")) throw badRequest("batch_tron_unsupported", TRON_BATCH_MESSAGE);
  if (networks.size > 1) throw badRequest("batch_mixed_networks", "All payouts of a batch must be on the same network");
  const requestIds = links.flatMap((c) => c.requestIds);
  const expiresAt = new Date(Math.min(...links.map((c) => c.expiresAt.getTime())));
  const token = ulid();
  await (await db()).$transaction(async (tx) => {
    if (
      !(await cancelMergedLinks(
        tx,
        links.map((l) => l.token),
      ))
    )
      throw conflict("secure_payment_in_multicall", "One of these payout links was merged or cancelled meanwhile");
    await insertSecurePayment(tx, {
      token,
      platformId: creator.platformId,
      clientIdId: creator.clientIdId,
      orchestratorId: creator.orchestratorId,
      paymentType: "payouts",
      requestIds,
      reference: null,
      redirectUrl: body.redirectUrl ?? null,
      redirectLabel: body.redirectLabel ?? null,
      allowedPayerAddresses: [],
      expiresAt,
    });
  });
  return {
    requestIds,
    securePaymentUrl: securePaymentUrl(token),
    token,
    feePlan: feePlanOf(requestIds.map((id) => requests.get(id)!)),
    expiresAt,
  };
}
