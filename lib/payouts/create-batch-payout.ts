// POST /v2/payouts/batch: several payments on one network in one BatchConversionPayments
// transaction, for requests created here or existing ones. Every item is checked before any
// is stored; created requests are stored once the calldata could be built.
import type { Address } from "viem";
import { parseNetworkAddress, sameAddress } from "../addresses/wallet-address";
import { latestBlock } from "../chains/block-cache";
import { getContract } from "../chains/contracts";
import { readConversionRate } from "../chains/conversion-rates";
import { currencyHash, getCurrency, requiresAllowanceReset } from "../chains/currencies";
import type { EvmNetworkId, NetworkId } from "../chains/networks";
import { readPayerState } from "../chains/payer-state";
import { isTronAddress } from "../chains/tron";
import { ApiError, badRequest, type FieldError, notFound, unavailable, validationError } from "../http/errors";
import { log } from "../log";
import {
  approvalTransactions,
  asStored,
  bigNumberValue,
  conversionAmounts,
  type Fee,
  feeAmountOf,
  feeForCall,
  findRequests,
  insertRequests,
  type NewStoredRequest,
  parseFee,
  paymentMethodFor,
  prepareRequest,
  type RequestOwner,
  type StoredRequest,
  storedFee,
  transactionOrder,
} from "../requests";
import { readBatchFee } from "./batch-fee";
import { networkOfCurrency } from "./create-payout";
import { type BatchItem, encodeBatchPayment } from "./encode-batch";
import type { BatchPayoutBody } from "./schemas";

/** docs/interface.md "Errors", word for word. */
export const TRON_BATCH_MESSAGE =
  "Batch payments are not supported for TRON networks. Please submit individual payment requests.";
export const MIXED_NETWORKS_MESSAGE = "All requests must be on the same network";

/** Receives the (zero-value) batch-fee transfer when neither a fee address nor the payer is known. */
const NO_FEE_RECIPIENT: Address = "0x000000000000000000000000000000000000dEaD";

type ApprovalTransaction = { to: string; data: string; value: 0 };
type BatchTransaction = { to: string; data: string; value: { type: "BigNumber"; hex: string } };

export interface BatchPayoutResult {
  ERC20ApprovalTransactions: ApprovalTransaction[];
  batchPaymentTransaction: BatchTransaction;
  /** The same transactions in sending order, for clients that pick the payment by index. */
  transactions: (ApprovalTransaction | BatchTransaction)[];
  metadata: {
    stepsRequired: number;
    needsApproval: boolean;
    approvalTransactionIndex: number | null;
    paymentTransactionIndex: number;
  };
  requestIds: string[];
}

function singleNetwork(networks: (NetworkId | undefined)[]): NetworkId | undefined {
  const known = [...new Set(networks.filter((n): n is NetworkId => n !== undefined))];
  if (known.includes("tron")) throw badRequest("batch_tron_unsupported", TRON_BATCH_MESSAGE);
  if (known.length > 1) throw badRequest("batch_mixed_networks", MIXED_NETWORKS_MESSAGE);
  return known[0];
}

function parseBatchFee(body: BatchPayoutBody, network: NetworkId | undefined, errors: FieldError[]): Fee | null {
  if (!network) return null;
  const parsed = parseFee(body.feePercentage, body.feeAddress, network);
  if (parsed.ok) return parsed.fee;
  errors.push(...parsed.errors);
  return null;
}

async function newRequests(
  owner: RequestOwner,
  body: BatchPayoutBody & { requests: NonNullable<BatchPayoutBody["requests"]> },
) {
  if (body.requests.some((r) => isTronAddress(r.payee.trim())))
    throw badRequest("batch_tron_unsupported", TRON_BATCH_MESSAGE);
  const network = singleNetwork(body.requests.map((r) => networkOfCurrency(r.paymentCurrency)));
  const errors: FieldError[] = [];
  const fee = (await feeForCall(owner, parseBatchFee(body, network, errors))) ?? null;
  const created: NewStoredRequest[] = [];
  body.requests.forEach((r, i) => {
    const prepared = prepareRequest(r, { ...owner, fee }, `requests.${i}`);
    if (prepared.ok) created.push(prepared.request);
    else errors.push(...prepared.errors);
  });
  if (errors.length > 0) throw validationError(errors);
  return { requests: created.map((r) => asStored(r)), created, fee, network: network! };
}

async function existingRequests(owner: RequestOwner, body: BatchPayoutBody & { requestIds: string[] }) {
  const ids = body.requestIds.map((id) => id.trim().toLowerCase());
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw validationError([{ field: "requestIds", message: `lists ${repeated} more than once` }]);
  const found = new Map((await findRequests(owner.platformId, ids)).map((r) => [r.requestId, r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound("request_not_found", `Request not found: ${missing.join(", ")}`);
  const requests = ids.map((id) => found.get(id)!);
  const network = singleNetwork(requests.map((r) => r.network))!;
  const paid = requests.find(
    (r) => r.amountPaid >= r.expectedAmount || r.status === "paid" || r.status === "cancelled",
  );
  if (paid)
    throw badRequest(
      paid.status === "cancelled" ? "request_cancelled" : "request_already_paid",
      `Request ${paid.requestId} is ${paid.status === "cancelled" ? "cancelled" : "already paid"}`,
    );
  const errors: FieldError[] = [];
  const fee = (await feeForCall(owner, parseBatchFee(body, network, errors))) ?? null;
  if (errors.length > 0) throw validationError(errors);
  if (!fee) {
    // Without a fee for the batch, the requests' own fees apply if they go to one address:
    // the batch contract sends every fee to a single fee address.
    const fees = requests.map((r) => storedFee(r.feePercentage, r.feeAddress)).filter((f): f is Fee => f !== null);
    const addresses = new Set(fees.map((f) => f.address.toLowerCase()));
    if (addresses.size > 1)
      throw badRequest(
        "batch_fee_ambiguous",
        "These requests carry fees to different fee addresses; give feePercentage and feeAddress for the batch",
      );
    if (fees.length > 0 && fees.length < requests.length)
      throw badRequest(
        "batch_fee_ambiguous",
        "Some of these requests carry a fee and others do not; give feePercentage and feeAddress for the batch",
      );
    return { requests, created: [] as NewStoredRequest[], fee: null, perRequestFees: fees.length > 0, network };
  }
  return { requests, created: [] as NewStoredRequest[], fee, perRequestFees: false, network };
}

export async function createBatchPayout(owner: RequestOwner, body: BatchPayoutBody): Promise<BatchPayoutResult> {
  const batch = body.requests
    ? { ...(await newRequests(owner, { ...body, requests: body.requests })), perRequestFees: false }
    : await existingRequests(owner, { ...body, requestIds: body.requestIds! });
  const network = batch.network as EvmNetworkId;

  let payer: Address | undefined;
  if (body.payer !== undefined) {
    const parsed = parseNetworkAddress(body.payer, network, "payer");
    if (!parsed.ok) throw validationError([{ field: "payer", message: parsed.message }]);
    if (batch.requests.some((r) => sameAddress(r.payee, parsed.address)))
      throw validationError([{ field: "payer", message: "must differ from every payee" }]);
    payer = parsed.address as Address;
  }

  try {
    const result = await buildBatch(network, batch.requests, batch.fee, batch.perRequestFees, payer);
    await insertRequests(batch.created);
    return result;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log.warn(
      { network, err: error instanceof Error ? error.message : String(error) },
      "batch payout: chain read failed",
    );
    throw unavailable("network_unavailable", `The ${network} network could not be read; try again shortly`);
  }
}

/** The batch calldata for stored requests (also the one transaction of a multicall secure payout). */
export async function buildBatch(
  network: EvmNetworkId,
  requests: StoredRequest[],
  batchFeeOf: Fee | null,
  perRequestFees: boolean,
  payer: Address | undefined,
): Promise<BatchPayoutResult> {
  const plans = requests.map((r) => {
    const invoice = getCurrency(r.invoiceCurrency)!;
    const token = getCurrency(r.paymentCurrency)!;
    const method = paymentMethodFor(invoice, token);
    if (!method.ok) throw badRequest("payment_method_unavailable", `Request ${r.requestId}: ${method.message}`);
    const fee = perRequestFees ? storedFee(r.feePercentage, r.feeAddress) : batchFeeOf;
    return { request: r, invoice, token, method: method.method, fee, due: r.expectedAmount - r.amountPaid };
  });

  const isConversion = (m: string) => m === "erc20-conversion" || m === "native-conversion";
  const conversionPairs = [
    ...new Map(plans.filter((p) => isConversion(p.method)).map((p) => [`${p.invoice.id}>${p.token.id}`, p])).values(),
  ];
  const block = await latestBlock(network);
  const [rates, batchFee] = await Promise.all([
    Promise.all(
      // A token is reached by its address, the native coin by its currency hash.
      conversionPairs.map((p) =>
        readConversionRate(
          network,
          currencyHash(p.invoice),
          p.method === "native-conversion" ? currencyHash(p.token) : p.token.address,
          block,
        ),
      ),
    ),
    readBatchFee(network, block),
  ]);
  const rateOf = new Map(conversionPairs.map((p, i) => [`${p.invoice.id}>${p.token.id}`, rates[i]]));

  const items: BatchItem[] = plans.map((p) => {
    const recipient = p.request.payee as Address;
    const paymentReference = p.request.paymentReference;
    const bps = p.fee?.basisPoints ?? 0;
    if (p.method === "erc20-conversion" || p.method === "native-conversion") {
      const rate = rateOf.get(`${p.invoice.id}>${p.token.id}`);
      if (!rate)
        throw unavailable(
          "conversion_rate_unavailable",
          `No conversion rate from ${p.invoice.id} to ${p.token.id} is available on ${network}`,
        );
      const c = conversionAmounts(p.due, p.invoice.decimals, bps, rate);
      const converted = {
        recipient,
        requestAmount: c.requestAmount,
        feeAmount: c.requestFee,
        path: rate.path,
        maxToSpend: c.maxToSpend,
        paymentReference,
      };
      return p.method === "native-conversion"
        ? { kind: "native-conversion", ...converted }
        : { kind: "erc20-conversion", token: p.token.address as Address, ...converted };
    }
    const feeAmount = feeAmountOf(p.due, bps);
    if (p.method === "native") return { kind: "native", recipient, amount: p.due, feeAmount, paymentReference };
    return { kind: "erc20", token: p.token.address as Address, recipient, amount: p.due, feeAmount, paymentReference };
  });

  const feeRecipient = (plans.find((p) => p.fee)?.fee?.address as Address | undefined) ?? payer;
  if (!feeRecipient && batchFee > 0n)
    throw badRequest(
      "batch_fee_recipient_missing",
      "Give payer or feeAddress: the batch contract charges a batch fee that needs a recipient",
    );
  const batch = encodeBatchPayment(network, items, feeRecipient ?? NO_FEE_RECIPIENT, batchFee);

  const spender = getContract(network, "BatchConversionPayments").address;
  const needs = [...batch.tokenNeeds.entries()];
  const state = payer
    ? await readPayerState(
        network,
        payer,
        needs.map(([token]) => ({ token, spender })),
        block,
      )
    : undefined;
  const approvals = needs.flatMap(([token, needed]) => {
    const currency = plans.find((p) => p.token.address.toLowerCase() === token.toLowerCase())!.token;
    return approvalTransactions(
      token,
      spender,
      needed,
      state?.allowance(token, spender),
      requiresAllowanceReset(currency),
    );
  });

  const approvalTransactionsOut = approvals.map((t) => ({ to: t.to, data: t.data, value: 0 as const }));
  const batchPaymentTransaction = {
    to: batch.transaction.to,
    data: batch.transaction.data,
    value: bigNumberValue(batch.transaction.value),
  };
  return {
    ERC20ApprovalTransactions: approvalTransactionsOut,
    batchPaymentTransaction,
    transactions: [...approvalTransactionsOut, batchPaymentTransaction],
    metadata: { stepsRequired: approvals.length + 1, ...transactionOrder(approvals.length) },
    requestIds: requests.map((r) => r.requestId),
  };
}
