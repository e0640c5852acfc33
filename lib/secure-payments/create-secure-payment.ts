// Creating secure payments: incoming payments to the platform's payee destinations
// (POST /v2/secure-payments), and what every link shares (expiry, allowed payers, storing the
// requests and the link in one transaction), which payout links (create-payout-link.ts) reuse;
// links combining payout links are in combine-payout-links.ts. Every input is checked before
// anything is stored.
import { randomUUID } from "node:crypto";
import { ulid } from "ulid";
import { addressKey, parseNetworkAddress } from "../addresses/wallet-address";
import { type NetworkId } from "../chains/networks";
import { destinationBinding } from "../client-ids";
import { getConfig } from "../config";
import { db } from "../db/client";
import { ApiError, badRequest, type FieldError, forbidden, validationError } from "../http/errors";
import {
  activePlatformDestinations,
  parseDestinationId,
  type ResolvedDestination,
  resolvePayeeDestination,
} from "../payee-destinations";
import { TRON_BATCH_MESSAGE } from "../payouts";
import { feeForCall, insertRequests, type NewStoredRequest, prepareRequest } from "../requests";
import type { SecurePaymentCreator } from "./creator";
import { feePlanOf } from "./fee-plan";
import { asStoredAll } from "./request-views";
import {
  type CreatedSecurePaymentAnswer,
  type CreateSecurePaymentBody,
  DEFAULT_LIFETIME_MS,
  MAX_LIFETIME_MS,
} from "./schemas";
import { insertSecurePayment, type SecurePaymentType } from "./secure-payment-store";

export function securePaymentUrl(token: string): string {
  return `${getConfig().APP_URL}/pay/${token}`;
}

type Common = Pick<
  CreateSecurePaymentBody,
  "reference" | "redirectUrl" | "redirectLabel" | "accessPolicy" | "expiresAt"
>;

function expiryOf(expiresAt: string | undefined, now: Date, errors: FieldError[]): Date {
  if (expiresAt === undefined) return new Date(now.getTime() + DEFAULT_LIFETIME_MS);
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) errors.push({ field: "expiresAt", message: "must be in the future" });
  else if (at.getTime() - now.getTime() > MAX_LIFETIME_MS)
    errors.push({ field: "expiresAt", message: "must be at most one year ahead" });
  return at;
}

/** The access list, checked against the payment's network and normalised for comparison. */
function allowedPayersOf(list: string[] | undefined, network: NetworkId, errors: FieldError[]): string[] {
  const out = new Set<string>();
  (list ?? []).forEach((w, i) => {
    const lower = /^0x[0-9a-fA-F]{40}$/.test(w.trim()) ? w.trim().toLowerCase() : w; // case-insensitive for EVM
    const parsed = parseNetworkAddress(lower, network, "payer");
    if (!parsed.ok) errors.push({ field: `accessPolicy.allowedPayerAddresses.${i}`, message: parsed.message });
    else out.add(addressKey(parsed.address)!);
  });
  return [...out];
}

/** The screening part of accessPolicy: a policy id exists only when wallets are screened. */
function accessPolicyOf(policy: Common["accessPolicy"]) {
  const mode = policy?.mode ?? "inherit";
  return {
    kytMode: mode,
    kytPolicyId: mode === "kyt_all_wallets" ? randomUUID() : null,
    hideUntilApproved: policy?.hideUntilApproved ?? false,
    hidePayeeAddress: policy?.hidePayeeAddress ?? false,
  };
}

export async function store(
  creator: SecurePaymentCreator,
  type: SecurePaymentType,
  requests: NewStoredRequest[],
  common: Common,
  network: NetworkId,
  now: Date,
  errors: FieldError[],
): Promise<CreatedSecurePaymentAnswer> {
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
      ...accessPolicyOf(common.accessPolicy),
      expiresAt,
    });
  });
  return {
    requestIds: requests.map((r) => r.requestId),
    securePaymentUrl: securePaymentUrl(token),
    token,
    feePlan: feePlanOf(asStoredAll(requests, now)),
    expiresAt,
  };
}

/** POST /v2/secure-payments: one incoming payment (or a legacy batch) to the platform's destinations. */
export async function createSecurePayment(
  creator: SecurePaymentCreator,
  body: CreateSecurePaymentBody,
  now = new Date(),
): Promise<CreatedSecurePaymentAnswer> {
  const bound = await boundDestination(creator);
  const destinations: ResolvedDestination[] = [];
  let fallback: ResolvedDestination | undefined;
  for (const item of body.requests) {
    if (bound) {
      const given = item.destinationId === undefined ? null : parseDestinationId(item.destinationId);
      if (given && (!given.ok || given.destinationId !== bound.destinationId)) {
        throw forbidden("destination_mismatch", DESTINATION_MISMATCH);
      }
      destinations.push(bound);
      continue;
    }
    if (item.destinationId === undefined)
      destinations.push((fallback ??= await platformDestination(creator.platformId)));
    else destinations.push(await namedDestination(creator.platformId, item.destinationId));
  }
  const networks = new Set(destinations.map((d) => d.network));
  if (networks.size > 1) throw badRequest("batch_mixed_networks", "All requests must resolve to the same network");
  const network = destinations[0].network;
  if (network === "tron" && destinations.length > 1) throw badRequest("batch_tron_unsupported", TRON_BATCH_MESSAGE);

  // The client ID's fee (fixed on the requests now): feePercentage/feeAddress of the body are deprecated and ignored.
  const fee = (await feeForCall(creator, null)) ?? null;
  const errors: FieldError[] = [];
  const requests: NewStoredRequest[] = [];
  body.requests.forEach((item, i) => {
    const d = destinations[i];
    const prepared = prepareRequest(
      {
        amount: item.amount,
        invoiceCurrency: d.currency.id,
        paymentCurrency: d.currency.id,
        payee: d.walletAddress,
        reference: body.reference,
      },
      { ...creator, fee, now },
      `requests.${i}`,
    );
    if (prepared.ok) requests.push(prepared.request);
    else errors.push(...prepared.errors);
  });
  return store(creator, "single", requests, body, network, now, errors);
}

const DESTINATION_MISMATCH = "Destination does not match the configured payment destination.";

/**
 * Without a destinationId (and no client ID binding), the platform's active destination, as the
 * published document's `singlePaymentResolvedDestination` example relies on. A platform with
 * several active destinations (one per wallet) has no single one: it names one.
 */
async function platformDestination(platformId: string): Promise<ResolvedDestination> {
  const active = await activePlatformDestinations(platformId);
  if (active.length === 1) return active[0];
  if (active.length === 0)
    throw badRequest(
      "no_active_destination",
      "No active payment destination for the platform: register a payee destination (POST /v2/payee-destination) or send destinationId",
    );
  throw badRequest(
    "destination_ambiguous",
    "The platform has several active payee destinations: send destinationId to name the one to pay (GET /v2/payee-destinations lists them)",
  );
}

/**
 * A destinationId the caller named: one of the platform's. Another platform's (or one never
 * registered) is a 403, as the hosted service answers a destination that is not the caller's.
 */
async function namedDestination(platformId: string, destinationId: string): Promise<ResolvedDestination> {
  try {
    return await resolvePayeeDestination(platformId, destinationId);
  } catch (err) {
    if (err instanceof ApiError && err.code === "destination_not_found")
      throw forbidden("destination_mismatch", DESTINATION_MISMATCH);
    throw err;
  }
}

/**
 * The payee destination bound to the creating client ID, which every item then pays (a
 * backend client ID without one cannot create secure payments); null without a binding.
 */
async function boundDestination(creator: SecurePaymentCreator): Promise<ResolvedDestination | null> {
  if (!creator.clientIdId) return null;
  const binding = await destinationBinding(creator.clientIdId);
  if (binding.payeeDestinationId) return resolvePayeeDestination(creator.platformId, binding.payeeDestinationId);
  if (binding.backend) {
    throw forbidden(
      "client_id_not_bound",
      "This backend client ID (no allowed domains) is not bound to a payee destination: bind one (PUT /v2/client-ids/{id} with payeeDestinationId) before creating secure payments",
    );
  }
  return null;
}
