// Creating secure payments: incoming payments to the platform's payee destinations
// (POST /v2/secure-payments), outgoing payouts to a recipient (POST …/payouts) and multicall
// payouts that pay several payouts in one transaction (POST …/multicall-payouts). Every
// input is checked before anything is stored; the requests and the secure payment are
// stored in one transaction.
import { ulid } from "ulid";
import { badRequest, conflict, notFound, validationError, type FieldError } from "../api/errors";
import { getConfig } from "../config";
import { getCurrency } from "../chains/currencies";
import { NETWORKS, type NetworkId } from "../chains/networks";
import { parseWalletAddress } from "../client-ids/wallet-address";
import { db } from "../db/client";
import { resolvePayeeDestination, type ResolvedDestination } from "../payee-destinations/resolve-destination";
import { TRON_BATCH_MESSAGE } from "../payouts/create-batch-payout";
import { feeForCall } from "../requests/caller";
import { prepareRequest } from "../requests/create-request";
import { parseNetworkAddress } from "../requests/network-address";
import { findRequests, insertRequests, type NewStoredRequest } from "../requests/request-store";
import type { SecurePaymentCreator } from "./creator";
import { feePlanOf } from "./fee-plan";
import { normalizePayerAddress } from "./payer-address";
import { deriveStatus } from "./payment-state";
import { asStoredAll } from "./request-views";
import { DEFAULT_LIFETIME_MS, MAX_LIFETIME_MS, type CreateMulticallBody, type CreateSecurePaymentBody, type CreateSecurePayoutBody, type FeePlan } from "./schemas";
import { attachChildren, findOwnSecurePayments, insertSecurePayment, type SecurePaymentType, type StoredSecurePayment } from "./secure-payment-store";

export interface CreatedSecurePayment {
  requestIds: string[];
  securePaymentUrl: string;
  token: string;
  feePlan: FeePlan;
  expiresAt: string;
}

export function securePaymentUrl(token: string): string {
  return `${getConfig().APP_URL}/pay/${token}`;
}

type Common = Pick<CreateSecurePaymentBody, "reference" | "redirectUrl" | "redirectLabel" | "accessPolicy" | "expiresAt">;

function expiryOf(expiresAt: string | undefined, now: Date, errors: FieldError[]): Date {
  if (expiresAt === undefined) return new Date(now.getTime() + DEFAULT_LIFETIME_MS);
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) errors.push({ field: "expiresAt", message: "must be in the future" });
  else if (at.getTime() - now.getTime() > MAX_LIFETIME_MS) errors.push({ field: "expiresAt", message: "must be at most one year ahead" });
  return at;
}

/** The access list, checked against the payment's network and normalised for comparison. */
function allowedPayersOf(list: string[] | undefined, network: NetworkId, errors: FieldError[]): string[] {
  const out = new Set<string>();
  (list ?? []).forEach((w, i) => {
    const lower = /^0x[0-9a-fA-F]{40}$/.test(w.trim()) ? w.trim().toLowerCase() : w; // case-insensitive for EVM
    const parsed = parseNetworkAddress(lower, network, "payer");
    if (!parsed.ok) errors.push({ field: `accessPolicy.allowedPayerAddresses.${i}`, message: parsed.message });
    else out.add(normalizePayerAddress(parsed.address)!);
  });
  return [...out];
}

async function store(creator: SecurePaymentCreator, type: SecurePaymentType, requests: NewStoredRequest[], common: Common, network: NetworkId, now: Date, errors: FieldError[]): Promise<CreatedSecurePayment> {
  const allowed = allowedPayersOf(common.accessPolicy?.allowedPayerAddresses, network, errors);
  const expiresAt = expiryOf(common.expiresAt, now, errors);
  if (errors.length > 0) throw validationError(errors);
  const token = ulid();
  await (await db()).$transaction(async (tx) => {
    await insertRequests(requests, tx);
    await insertSecurePayment(tx, {
      token,
      platformId: creator.platformId,
      clientIdId: creator.clientIdId,
      orchestratorId: creator.orchestratorId,
      paymentType: type,
      requestIds: requests.map((r) => r.requestId),
      reference: common.reference ?? null,
      redirectUrl: common.redirectUrl ?? null,
      redirectLabel: common.redirectLabel ?? null,
      allowedPayerAddresses: allowed,
      expiresAt,
    });
  });
  return {
    requestIds: requests.map((r) => r.requestId),
    securePaymentUrl: securePaymentUrl(token),
    token,
    feePlan: feePlanOf(asStoredAll(requests, now)),
    expiresAt: expiresAt.toISOString(),
  };
}

/** POST /v2/secure-payments: one incoming payment (or a legacy batch) to the platform's destinations. */
export async function createSecurePayment(creator: SecurePaymentCreator, body: CreateSecurePaymentBody, now = new Date()): Promise<CreatedSecurePayment> {
  const destinations: ResolvedDestination[] = [];
  for (const [i, item] of body.requests.entries()) {
    if (item.destinationId === undefined) {
      throw validationError([{ field: `requests.${i}.destinationId`, message: "is required: name one of the platform's payee destinations (GET /v2/payee-destinations)" }]);
    }
    destinations.push(await resolvePayeeDestination(creator.platformId, item.destinationId));
  }
  const networks = new Set(destinations.map((d) => d.network));
  if (networks.size > 1) throw badRequest("All requests must resolve to the same network");
  const network = destinations[0].network;
  if (network === "tron" && destinations.length > 1) throw badRequest(TRON_BATCH_MESSAGE);

  // The client ID's fee (fixed on the requests now): feePercentage/feeAddress of the body are deprecated and ignored.
  const fee = (await feeForCall(creator, null)) ?? null;
  const errors: FieldError[] = [];
  const requests: NewStoredRequest[] = [];
  body.requests.forEach((item, i) => {
    const d = destinations[i];
    const prepared = prepareRequest(
      { amount: item.amount, invoiceCurrency: d.currency.id, paymentCurrency: d.currency.id, payee: d.walletAddress, reference: body.reference },
      { ...creator, fee, now },
      `requests.${i}`,
    );
    if (prepared.ok) requests.push(prepared.request);
    else errors.push(...prepared.errors);
  });
  return store(creator, "single", requests, body, network, now, errors);
}

function payoutCurrency(body: CreateSecurePayoutBody) {
  const network = body.network.trim().toLowerCase();
  if (!(network in NETWORKS)) throw validationError([{ field: "network", message: `unknown network ${JSON.stringify(body.network)}; one of ${Object.keys(NETWORKS).join(", ")}` }]);
  const currency = getCurrency(body.currency) ?? getCurrency(`${body.currency}-${network}`);
  if (!currency || currency.network !== network) {
    throw validationError([{ field: "currency", message: `no currency ${JSON.stringify(body.currency)} on ${network}; see GET /v2/currencies?network=${network}` }]);
  }
  return { network: network as NetworkId, currency };
}

/** POST /v2/secure-payments/payouts: a payout link the platform's own wallet pays. */
export async function createSecurePayout(creator: SecurePaymentCreator, body: CreateSecurePayoutBody, now = new Date()): Promise<CreatedSecurePayment> {
  const { network, currency } = payoutCurrency(body);
  const errors: FieldError[] = [];
  if (!parseWalletAddress(body.creatorWalletAddress.trim())) errors.push({ field: "creatorWalletAddress", message: "is not an EVM or Tron address" });
  const fee = (await feeForCall(creator, null)) ?? null;
  const prepared = prepareRequest(
    { amount: body.amount, invoiceCurrency: currency.id, paymentCurrency: currency.id, payee: body.recipient, reference: body.reference },
    { ...creator, fee, now },
  );
  if (!prepared.ok) errors.push(...prepared.errors.map((e) => (e.field === "payee" ? { ...e, field: "recipient" } : e)));
  return store(creator, "payouts", prepared.ok ? [prepared.request] : [], body, network, now, errors);
}

export interface MulticallCreated {
  type: "multicall";
  token: string;
  securePaymentUrl: string;
  status: "pending" | "expired";
  expiresAt: string;
  createdAt: string;
  items: { securePaymentToken: string; requestId: string; position: number; eligibility: "eligible" | "stale"; staleReason?: "secure_payment_expired" | "secure_payment_not_pending" | "already_paid" }[];
}

/**
 * POST /v2/secure-payments/multicall-payouts: the platform's payout links, paid together in
 * one batch transaction. Children stay what they are (each keeps its own link); a child
 * belongs to at most one multicall. Stale children (paid, expired) are listed as such.
 */
export async function createMulticallPayout(creator: SecurePaymentCreator, body: CreateMulticallBody, now = new Date()): Promise<MulticallCreated> {
  if (body.requestedExecutionKind && body.requestedExecutionKind !== "evm_same_chain") {
    throw badRequest(`${body.requestedExecutionKind} multicalls are not available on this service: only evm_same_chain`);
  }
  const tokens = body.childTokens.map((t) => t.trim().toUpperCase());
  const repeated = tokens.find((t, i) => tokens.indexOf(t) !== i);
  if (repeated) throw validationError([{ field: "childTokens", message: `lists ${repeated} more than once` }]);
  const found = new Map((await findOwnSecurePayments(creator.platformId, tokens)).map((c) => [c.token, c]));
  const children: StoredSecurePayment[] = [];
  for (const t of tokens) {
    const child = found.get(t);
    if (!child) throw notFound(`Secure payment not found: ${t}`);
    if (child.paymentType !== "payouts") throw badRequest(`Secure payment ${t} is not a payout: only payout links (POST /v2/secure-payments/payouts) can be paid in a multicall`);
    if (child.parentToken) throw conflict(`Secure payment ${t} is already part of the multicall ${child.parentToken}`);
    children.push(child);
  }
  const requests = new Map((await findRequests(creator.platformId, children.flatMap((c) => c.requestIds))).map((r) => [r.requestId, r]));
  const networks = new Set(children.map((c) => requests.get(c.requestIds[0])?.network));
  if (networks.has("tron")) throw badRequest(TRON_BATCH_MESSAGE);
  if (networks.size > 1) throw badRequest("All payouts of a multicall must be on the same network");

  const items = children.map((c, position) => {
    const status = deriveStatus(c, c.requestIds.map((id) => requests.get(id)!), now);
    const staleReason: MulticallCreated["items"][number]["staleReason"] = status === "completed" ? "already_paid" : status === "expired" ? "secure_payment_expired" : status === "pending" ? undefined : "secure_payment_not_pending";
    return { securePaymentToken: c.token, requestId: c.requestIds[0], position, eligibility: staleReason ? ("stale" as const) : ("eligible" as const), ...(staleReason ? { staleReason } : {}) };
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
    if (!(await attachChildren(tx, token, children.map((c) => c.token)))) throw conflict("One of these payouts was added to another multicall meanwhile");
  });
  return {
    type: "multicall",
    token,
    securePaymentUrl: securePaymentUrl(token),
    status: expiresAt.getTime() > now.getTime() ? "pending" : "expired",
    expiresAt: expiresAt.toISOString(),
    createdAt: now.toISOString(),
    items,
  };
}
