// GET /v2/secure-payments/{token}/pay (`/docs`, tag "Secure Payment"): the calls a payer's wallet
// sends, as one flat ordered list — approvals only when the allowance is short (USDT reset
// first), then the main payment, then fee payments — plus the fee bundle (null without a
// fee plan). The payment proxies pay the fee inside the payment call itself
// (transferFromWithReferenceAndFee), so no separate fee call follows; the bundle says where
// the fee goes. Batches and multicalls are one BatchConversionPayments call for all
// payable requests. The hosted page calls buildSecurePaymentCalls() on the server; the route
// is the same function behind the client ID check.
import { type Address, formatUnits } from "viem";
import { parseNetworkAddress } from "../addresses/wallet-address";
import { latestBlock } from "../chains/block-cache";
import { getCurrency } from "../chains/currencies";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import { readPayerState } from "../chains/payer-state";
import { type CrosschainQuote, isCrosschainAsk, quoteIntent } from "../crosschain";
import { ApiError, badRequest, unavailable, validationError } from "../http/errors";
import { log } from "../log";
import { buildBatch } from "../payouts";
import type { StoredRequest } from "../requests";
import { hasBeenPaid, type PayQuote, quotePayment, toPayCalldata, transactionOrder } from "../requests";
import { enforceAccessList } from "./access-policy";
import { feeLegs } from "./fee-plan";
import { type LoadedSecurePayment, loadSecurePayment } from "./load-secure-payment";
import { type MulticallLeg, multicallLegFields } from "./multicall-legs";
import { assertPayable, deriveStatus } from "./payment-state";
import { requestsOfAll } from "./request-views";
import type { SecurePaymentCalldata, SecurePaymentQuery } from "./schemas";
import { enforceScreening, screensWallets } from "./screening";
import { findChildren } from "./secure-payment-store";

export type PayerWallets = Pick<SecurePaymentQuery, "wallet" | "eoaWallet" | "isSafe" | "chain" | "token">;

/** Query rules that need no lookup (the GET of the page state applies them too). */
export function checkPayerQuery(q: PayerWallets): void {
  if (q.isSafe === "true" && q.eoaWallet !== undefined) {
    throw validationError([
      {
        field: "isSafe",
        message: "cannot be combined with eoaWallet: a Safe pays from its own balance (wallet), not from an EOA",
      },
    ]);
  }
  if (q.chain !== undefined || q.token !== undefined) {
    throw badRequest(
      "crosschain_unavailable",
      "Crosschain payments (chain, token) are not available on this service yet; omit them to pay on the payment's own network",
    );
  }
}

function checkWallets(network: StoredRequest["network"], q: PayerWallets): void {
  for (const field of ["wallet", "eoaWallet"] as const) {
    const value = q[field];
    if (value === undefined) continue;
    const parsed = parseNetworkAddress(value, network, field);
    if (!parsed.ok) throw validationError([{ field, message: parsed.message }]);
  }
  if (q.isSafe === "true" && NETWORKS[network].family === "tron")
    throw validationError([{ field: "isSafe", message: "Safe wallets exist on EVM networks only" }]);
}

function feeBundleOf(requests: readonly StoredRequest[]): SecurePaymentCalldata["feeBundle"] {
  const legs = feeLegs(requests);
  if (legs.length === 0) return null;
  const currency = getCurrency(requests[0].paymentCurrency)!;
  const single = requests.every((r) => r.paymentCurrency === currency.id && r.invoiceCurrency === r.paymentCurrency);
  const fmt = (v: bigint) => formatUnits(v, currency.decimals);
  const gross = requests.reduce((s, r) => s + r.expectedAmount, 0n);
  const fees = legs.reduce((s, l) => s + l.amount, 0n);
  const byId = new Map(requests.map((r) => [r.requestId, r]));
  return {
    bundleId: null,
    defaultFeeBearer: "payer",
    amountSummary: single
      ? {
          grossAmount: fmt(gross),
          netRecipientAmount: fmt(gross),
          totalFees: fmt(fees),
          payeeBorneFees: "0",
          payerBorneFees: fmt(fees),
          payerTotal: fmt(gross + fees),
        }
      : null,
    fees: legs.map((l) => {
      const r = byId.get(l.requestId)!;
      const c = getCurrency(r.paymentCurrency)!;
      return {
        requestId: l.requestId,
        feeComponentId: null,
        feeType: "platform",
        feeLabel: "Platform fee",
        feeBearer: "payer" as const,
        amount: formatUnits(l.amount, c.decimals),
        paymentCurrencyId: c.id,
        network: r.network,
        chainId: String(NETWORKS[r.network].chainId),
        recipient: l.recipient,
      };
    }),
  };
}

/**
 * Smart-account flow: `wallet` (the smart account) gets the calldata and its allowance is
 * read, but the funds sit with `eoaWallet`, so the balance check reads the EOA.
 */
async function eoaHasEnough(quote: PayQuote, eoa: string): Promise<boolean> {
  if (quote.method === "trc20" || quote.method === "trc20-conversion") return false;
  const network = quote.network as EvmNetworkId;
  try {
    const token = quote.token.address as Address;
    const proxy = quote.transactions[quote.transactions.length - 1].to as Address;
    const native = quote.method === "native" || quote.method === "native-conversion";
    const state = await readPayerState(
      network,
      eoa as Address,
      native ? [] : [{ token, spender: proxy }],
      await latestBlock(network),
    );
    const needed = quote.amount + quote.feeAmount;
    return (native ? state.nativeBalance : state.tokenBalance(token)) >= needed;
  } catch (error) {
    log.warn({ network, err: error instanceof Error ? error.message : String(error) }, "eoa balance read failed");
    throw unavailable("network_unavailable", `The ${network} network could not be read; try again shortly`);
  }
}

async function singleCalls(request: StoredRequest, q: PayerWallets): Promise<SecurePaymentCalldata> {
  const quote = await quotePayment(request, { wallet: q.wallet });
  const calldata = toPayCalldata(quote);
  if (q.eoaWallet !== undefined) calldata.metadata.hasEnoughBalance = await eoaHasEnough(quote, q.eoaWallet);
  return {
    paymentType: "single",
    transactions: calldata.transactions,
    feeBundle: feeBundleOf([request]),
    metadata: {
      ...calldata.metadata,
      approvalTransactionsCount: quote.approvalCount,
      isSafe: q.isSafe === "true",
    },
  };
}

async function batchCalls(
  paymentType: "batch" | "multicall",
  requests: StoredRequest[],
  q: PayerWallets,
  extra: Partial<SecurePaymentCalldata>,
): Promise<SecurePaymentCalldata> {
  if (q.wallet === undefined)
    throw validationError([{ field: "wallet", message: "is required to pay several payments in one batch" }]);
  const network = requests[0].network as EvmNetworkId;
  const fees = feeLegs(requests);
  let batch;
  try {
    batch = await buildBatch(
      network,
      requests,
      null,
      fees.length > 0,
      parseNetworkAddress(q.wallet, network).ok ? (q.wallet as `0x${string}`) : undefined,
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log.warn(
      { network, err: error instanceof Error ? error.message : String(error) },
      "secure payment batch: chain read failed",
    );
    throw unavailable("network_unavailable", `The ${network} network could not be read; try again shortly`);
  }
  const approvals = batch.ERC20ApprovalTransactions;
  return {
    paymentType,
    transactions: [...approvals, batch.batchPaymentTransaction],
    feeBundle: feeBundleOf(requests),
    metadata: {
      stepsRequired: approvals.length + 1,
      ...transactionOrder(approvals.length),
      approvalTransactionsCount: approvals.length,
      // The batch builder does not simulate: nothing was checked.
      hasEnoughBalance: false,
      hasEnoughGas: false,
      isSafe: q.isSafe === "true",
    },
    network,
    chainId: NETWORKS[network].chainId,
    requestIds: requests.map((r) => r.requestId),
    ERC20ApprovalTransactions: approvals,
    batchPaymentTransaction: batch.batchPaymentTransaction,
    ...extra,
  };
}

/** The payable children of a multicall (pending, not paid), in their positions. */
async function multicallCalls(loaded: LoadedSecurePayment, q: PayerWallets): Promise<SecurePaymentCalldata> {
  const children = await findChildren(loaded.sp.token);
  const requestsByChild = await requestsOfAll(children);
  const payable: MulticallLeg[] = [];
  for (const [i, child] of children.entries()) {
    const requests = requestsByChild[i];
    if (deriveStatus(child, requests) !== "pending") continue;
    for (const r of requests) if (!hasBeenPaid(r)) payable.push({ child, request: r });
  }
  if (payable.length === 0)
    throw badRequest(
      "multicall_nothing_payable",
      "No payout of this multicall can be paid now: each is paid, expired or cancelled",
    );
  const calls = await batchCalls(
    "multicall",
    payable.map((p) => p.request),
    q,
    {
      token: loaded.sp.token,
      childTokens: [...new Set(payable.map((p) => p.child.token))],
      ...multicallLegFields(payable),
    },
  );
  return { ...calls, metadata: { ...calls.metadata, childCount: children.length, executableLegCount: payable.length } };
}

/**
 * The calls that pay the secure payment `token` from `wallet`. Refuses (in this order): bad
 * query 400, unknown 404 (also another platform's when `scope` names one), completed 409,
 * expired or cancelled 403, a wallet outside the access list 403 (reported by webhook), a
 * wallet (or payout recipient) that fails screening 403 (kyt.screening.completed).
 */
export async function buildSecurePaymentCalls(
  token: string,
  q: PayerWallets = {},
  scope: { platformId?: string } = {},
): Promise<SecurePaymentCalldata> {
  checkPayerQuery(q);
  const loaded = await loadSecurePayment(token, scope);
  assertPayable(loaded.status);
  const network = loaded.requests[0].network;
  checkWallets(network, q);
  if (loaded.sp.allowedPayerAddresses.length > 0 && q.wallet === undefined) {
    throw validationError([
      { field: "wallet", message: "is required: this payment may be paid only by certain wallets" },
    ]);
  }
  if (screensWallets(loaded.sp) && q.wallet === undefined) {
    throw validationError([{ field: "wallet", message: "is required: this payment screens the paying wallet" }]);
  }
  await enforceAccessList(loaded.sp, [q.wallet, q.eoaWallet]);
  await enforceScreening(loaded, q);
  if (loaded.sp.paymentType === "multicall") return multicallCalls(loaded, q);
  const due = loaded.requests.filter((r) => !hasBeenPaid(r));
  if (due.length === 1 && loaded.requests.length === 1) return singleCalls(due[0], q);
  return batchCalls("batch", due, q, {});
}

/**
 * GET /v2/secure-payments/{token}/pay with `chain` + `token` naming another chain: the crosschain
 * intent for the payment's one request (lib/crosschain), after the same checks as the calldata
 * (payable, access list, wallet screening). The payment's own chain is the ordinary calldata.
 */
export async function buildSecurePaymentIntent(
  token: string,
  q: PayerWallets,
  scope: { platformId?: string } = {},
): Promise<SecurePaymentCalldata | CrosschainQuote> {
  if (q.isSafe === "true" || q.eoaWallet !== undefined)
    throw badRequest(
      "crosschain_unsupported",
      "Crosschain payments are signed by the wallet holding the funds: omit isSafe and eoaWallet",
    );
  const loaded = await loadSecurePayment(token, scope);
  assertPayable(loaded.status);
  const [request] = loaded.requests;
  if (!isCrosschainAsk(request, q.chain, q.token))
    return buildSecurePaymentCalls(token, { ...q, chain: undefined, token: undefined }, scope);
  if (loaded.sp.paymentType === "multicall" || loaded.requests.length !== 1)
    throw badRequest("crosschain_unsupported", "Only a secure payment of one request can be paid from another chain");
  if (q.wallet === undefined)
    throw validationError([
      { field: "wallet", message: "is required for a crosschain payment: the payer's EVM address" },
    ]);
  await enforceAccessList(loaded.sp, [q.wallet]);
  // Screening applies whichever chain the payer pays from.
  await enforceScreening(loaded, q);
  return quoteIntent(loaded.sp.platformId, request, { wallet: q.wallet, chain: q.chain!, token: q.token! });
}
