// The transactions a payer sends to pay a stored request on its own network (`GET
// /v2/request/{requestId}/pay`): approvals only when the allowance is short, then the payment-proxy call, with
// balance and gas checked on the chain when the payer's wallet is known.
// quotePayment() is the whole answer (routes read fees and gas from it); buildPayCalldata()
// renders it in the published shape. Secure payments reuse both.
import { type Address, formatUnits, type Hex } from "viem";
import { ApiError, badRequest, unavailable, validationError } from "../http/errors";
import type { PayCalldata } from "./schemas";

export type { PayCalldata } from "./schemas";

import { parseNetworkAddress } from "../addresses/wallet-address";
import { latestBlock } from "../chains/block-cache";
import { getContract } from "../chains/contracts";
import { type ConversionRate, readConversionRate } from "../chains/conversion-rates";
import { type Currency, currencyHash, getCurrency, requiresAllowanceReset } from "../chains/currencies";
import type { EvmNetworkId, NetworkId } from "../chains/networks";
import { type PayerState, readPayerState } from "../chains/payer-state";
import { simulateGas } from "../chains/simulate-gas";
import { type TronAddress, tronApproveTransaction, tronFeeProxyPaymentTransaction } from "../chains/tron";
import { readTronPayerState } from "../chains/tron-payer-state";
import { log } from "../log";
import {
  approvalTransactions,
  type EvmTransaction,
  encodeConversionPayment,
  encodeErc20Payment,
  encodeNativeConversionPayment,
  encodeNativePayment,
} from "./encode-payment";
import { type Fee, storedFee } from "./fee";
import { bigNumberValue, conversionAmounts, feeAmountOf, parseAmount } from "./payment-maths";
import { type PaymentMethod, paymentMethodFor } from "./payment-method";
import type { StoredRequest } from "./request-store";
import { checkTronPayer } from "./tron-pay-checks";
import { type TronQuote, tronQuoteFor } from "./tron-quotes";

/** Gas estimates are multiplied by this (in tenths) before comparing with the payer's balance. */
export const GAS_MARGIN_TENTHS = 12n;

export interface PayOptions {
  /** The payer's wallet: allowance, balance and gas are checked for it. */
  wallet?: string;
  /** A partial payment, human-readable in the invoice currency; default: what is still due. */
  amount?: string;
  /** Fee applied at payment time; undefined applies the fee stored with the request. */
  fee?: Fee | null;
}

export interface PayTransaction {
  to: string; // EVM hex, or base58 on Tron
  data: Hex;
  value: bigint;
}

export interface PayChecks {
  /** False when no wallet was given (nothing could be checked). */
  checked: boolean;
  hasEnoughBalance: boolean;
  hasEnoughGas: boolean;
  /** Simulated gas of all transactions, when the simulation succeeded. */
  gas?: bigint;
  gasPrice?: bigint;
}

export interface PayQuote {
  request: StoredRequest;
  method: PaymentMethod;
  network: NetworkId;
  invoice: Currency;
  token: Currency;
  transactions: PayTransaction[];
  approvalCount: number;
  /** In the invoice currency's smallest unit: what this payment settles. */
  invoiceAmount: bigint;
  /** Token units: to the payee (estimated at the current rate for conversions), and the fee. */
  amount: bigint;
  feeAmount: bigint;
  fee: Fee | null;
  conversion?: ConversionRate & { maxToSpend: bigint };
  /** Tron fiat requests: the recorded quote the payment is priced by (tron-quotes.ts). */
  tronQuote?: TronQuote;
  checks: PayChecks;
}

function chainUnavailable(network: NetworkId, error: unknown): ApiError {
  log.warn({ network, err: error instanceof Error ? error.message : String(error) }, "chain read failed");
  return unavailable("network_unavailable", `The ${network} network could not be read; try again shortly`);
}

/** Amount this payment settles, in the invoice currency's smallest unit. */
function invoiceAmountOf(request: StoredRequest, invoice: Currency, amount: string | undefined): bigint {
  if (request.status === "cancelled") throw badRequest("request_cancelled", "This request is cancelled");
  const due = request.expectedAmount - request.amountPaid;
  if (due <= 0n) throw badRequest("request_already_paid", "This request has already been paid");
  if (amount === undefined) return due;
  const parsed = parseAmount(amount, invoice.decimals, invoice.id);
  if (!parsed.ok) throw validationError([{ field: "amount", message: parsed.message }]);
  if (parsed.value > due)
    throw validationError([
      {
        field: "amount",
        message: `is more than the ${due === request.expectedAmount ? "amount" : "amount still due"} of the request`,
      },
    ]);
  return parsed.value;
}

function walletOf(request: StoredRequest, wallet: string | undefined): string | undefined {
  if (wallet === undefined) return undefined;
  const parsed = parseNetworkAddress(wallet, request.network, "wallet");
  if (!parsed.ok) throw validationError([{ field: "wallet", message: parsed.message }]);
  return parsed.address;
}

function feeOf(request: StoredRequest, given: Fee | null | undefined): Fee | null {
  const fee = given === undefined ? storedFee(request.feePercentage, request.feeAddress) : given;
  if (fee && !parseNetworkAddress(fee.address, request.network).ok) {
    throw badRequest(
      "fee_address_unusable",
      `The fee address ${fee.address} cannot receive fees on ${request.network}`,
    );
  }
  return fee;
}

export async function quotePayment(request: StoredRequest, options: PayOptions = {}): Promise<PayQuote> {
  const invoice = getCurrency(request.invoiceCurrency);
  const token = getCurrency(request.paymentCurrency);
  if (!invoice || !token) throw new Error(`request ${request.requestId} names a currency that is no longer listed`);
  const method = paymentMethodFor(invoice, token);
  if (!method.ok) throw badRequest("payment_method_unavailable", method.message);
  const invoiceAmount = invoiceAmountOf(request, invoice, options.amount);
  const wallet = walletOf(request, options.wallet);
  const fee = feeOf(request, options.fee);
  const base = { request, method: method.method, network: request.network, invoice, token, invoiceAmount, fee };

  try {
    if (method.method === "trc20" || method.method === "trc20-conversion") return await quoteTron(base, wallet);
    return await quoteEvm(base, request.network as EvmNetworkId, wallet as Address | undefined);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw chainUnavailable(request.network, error);
  }
}

type QuoteBase = Pick<PayQuote, "request" | "method" | "network" | "invoice" | "token" | "invoiceAmount" | "fee">;

async function quoteTron(q: QuoteBase, wallet: TronAddress | undefined): Promise<PayQuote> {
  const spender = getContract("tron", "ERC20FeeProxy").address;
  // A fiat invoice pays the token amount of its recorded quote; a token invoice, itself.
  const tronQuote =
    q.method === "trc20-conversion" ? await tronQuoteFor({ requestId: q.request.requestId, ...q }) : undefined;
  const amount = tronQuote ? tronQuote.amount : q.invoiceAmount;
  const feeAmount = tronQuote ? tronQuote.feeAmount : q.fee ? feeAmountOf(q.invoiceAmount, q.fee.basisPoints) : 0n;
  const needed = amount + feeAmount;
  const state = wallet ? await readTronPayerState(wallet, q.token.address, spender) : undefined;
  // Without a wallet the allowance is unknown: the steps that work whatever it is (for USDT,
  // which like Tether on Ethereum may refuse non-zero → non-zero, a 0 first).
  const allowance = state?.allowance;
  const amounts =
    allowance !== undefined && allowance >= needed
      ? []
      : requiresAllowanceReset(q.token) && (allowance === undefined || allowance > 0n)
        ? [0n, needed]
        : [needed];
  const approvals = amounts.map((amount) => ({
    amount,
    ...tronApproveTransaction(q.token.address, spender, amount),
  }));
  const payment = {
    token: q.token.address,
    to: q.request.payee,
    amount,
    paymentReference: q.request.paymentReference,
    feeAmount,
    feeAddress: q.fee?.address ?? null,
  };
  const pay = tronFeeProxyPaymentTransaction(payment);
  let checks: PayChecks = { checked: false, hasEnoughBalance: false, hasEnoughGas: false };
  if (wallet && state) {
    const plan = { ...payment, wallet, payee: payment.to, spender, approvals, pay };
    const { hasEnoughBalance, hasEnoughGas } = await checkTronPayer(plan, state, GAS_MARGIN_TENTHS);
    checks = { checked: true, hasEnoughBalance, hasEnoughGas };
  }
  return {
    ...q,
    transactions: [...approvals, pay].map((t) => ({ to: t.to, data: t.data, value: 0n })),
    approvalCount: approvals.length,
    amount,
    feeAmount,
    tronQuote,
    checks,
  };
}

interface EvmPlan {
  /** Token units the payee receives and the fee address receives. */
  amount: bigint;
  feeAmount: bigint;
  /** Token the proxy pulls from the payer and the contract it must be approved for. */
  pull?: { token: Address; spender: Address; needed: bigint; resetFirst: boolean };
  /** Builds the payment transaction once the amounts are known. */
  pay: EvmTransaction;
  conversion?: PayQuote["conversion"];
  /** What the payer must hold: native value and token amount (fee included). */
  nativeNeeded: bigint;
  tokenNeeded: bigint;
}

async function planEvm(
  q: QuoteBase,
  network: EvmNetworkId,
  wallet: Address | undefined,
  block: bigint | undefined,
): Promise<{ plan: EvmPlan; state?: PayerState }> {
  const reference = q.request.paymentReference;
  const payee = q.request.payee as Address;
  const feeAddress = (q.fee?.address as Address | undefined) ?? null;
  const tokenAddress = q.token.address as Address;

  if (q.method === "native") {
    const feeAmount = q.fee ? feeAmountOf(q.invoiceAmount, q.fee.basisPoints) : 0n;
    const pay = encodeNativePayment({
      network,
      to: payee,
      amount: q.invoiceAmount,
      paymentReference: reference,
      feeAmount,
      feeAddress,
    });
    const state = wallet && block !== undefined ? await readPayerState(network, wallet, [], block) : undefined;
    return { plan: { amount: q.invoiceAmount, feeAmount, pay, nativeNeeded: pay.value, tokenNeeded: 0n }, state };
  }

  if (q.method === "erc20") {
    const feeAmount = q.fee ? feeAmountOf(q.invoiceAmount, q.fee.basisPoints) : 0n;
    const spender = getContract(network, "ERC20FeeProxy").address;
    const needed = q.invoiceAmount + feeAmount;
    const pay = encodeErc20Payment({
      network,
      token: tokenAddress,
      to: payee,
      amount: q.invoiceAmount,
      paymentReference: reference,
      feeAmount,
      feeAddress,
    });
    const state =
      wallet && block !== undefined
        ? await readPayerState(network, wallet, [{ token: tokenAddress, spender }], block)
        : undefined;
    const pull = { token: tokenAddress, spender, needed, resetFirst: requiresAllowanceReset(q.token) };
    return { plan: { amount: q.invoiceAmount, feeAmount, pull, pay, nativeNeeded: 0n, tokenNeeded: needed }, state };
  }

  if (q.method === "native-conversion") {
    // The fiat amount converts to the native coin at the rate now; the payer sends the margin
    // above it as value and EthConversionProxy returns what the rate at mining leaves over.
    const head = block ?? (await latestBlock(network));
    const [rate, state] = await Promise.all([
      readConversionRate(network, currencyHash(q.invoice), currencyHash(q.token), head),
      wallet ? readPayerState(network, wallet, [], head) : Promise.resolve(undefined),
    ]);
    if (!rate)
      throw unavailable(
        "conversion_rate_unavailable",
        `No conversion rate from ${q.invoice.id} to ${q.token.id} is available on ${network}`,
      );
    const { requestAmount, requestFee, amount, feeAmount, maxToSpend } = conversionAmounts(
      q.invoiceAmount,
      q.invoice.decimals,
      q.fee?.basisPoints ?? 0,
      rate,
    );
    const pay = encodeNativeConversionPayment({
      network,
      to: payee,
      requestAmount,
      path: rate.path,
      paymentReference: reference,
      feeAmount: requestFee,
      feeAddress,
      maxToSpend,
      maxRateTimespan: 0n,
    });
    return {
      plan: { amount, feeAmount, pay, conversion: { ...rate, maxToSpend }, nativeNeeded: maxToSpend, tokenNeeded: 0n },
      state,
    };
  }

  // erc20-conversion: the invoice amount (fiat, padded to 8 decimals) converts at the rate
  // ChainlinkConversionPath gives now; the payer allows a margin above it.
  const spender = getContract(network, "Erc20ConversionProxy").address;
  const head = block ?? (await latestBlock(network));
  const [rate, state] = await Promise.all([
    readConversionRate(network, currencyHash(q.invoice), tokenAddress, head),
    wallet ? readPayerState(network, wallet, [{ token: tokenAddress, spender }], head) : Promise.resolve(undefined),
  ]);
  if (!rate)
    throw unavailable(
      "conversion_rate_unavailable",
      `No conversion rate from ${q.invoice.id} to ${q.token.id} is available on ${network}`,
    );
  const { requestAmount, requestFee, amount, feeAmount, maxToSpend } = conversionAmounts(
    q.invoiceAmount,
    q.invoice.decimals,
    q.fee?.basisPoints ?? 0,
    rate,
  );
  const pay = encodeConversionPayment({
    network,
    to: payee,
    requestAmount,
    path: rate.path,
    paymentReference: reference,
    feeAmount: requestFee,
    feeAddress,
    maxToSpend,
    maxRateTimespan: 0n,
  });
  const pull = { token: tokenAddress, spender, needed: maxToSpend, resetFirst: requiresAllowanceReset(q.token) };
  return {
    plan: {
      amount,
      feeAmount,
      pull,
      pay,
      conversion: { ...rate, maxToSpend },
      nativeNeeded: 0n,
      tokenNeeded: amount + feeAmount,
    },
    state,
  };
}

async function quoteEvm(q: QuoteBase, network: EvmNetworkId, wallet: Address | undefined): Promise<PayQuote> {
  // Everything is read at one block: consistent, and cached for that block (block-cache.ts).
  const block = wallet ? await latestBlock(network) : undefined;
  const { plan, state } = await planEvm(q, network, wallet, block);
  const approvals = plan.pull
    ? approvalTransactions(
        plan.pull.token,
        plan.pull.spender,
        plan.pull.needed,
        state?.allowance(plan.pull.token, plan.pull.spender),
        plan.pull.resetFirst,
      )
    : [];
  const transactions = [...approvals, plan.pay];
  const checks =
    wallet && state && block !== undefined
      ? await checkPayer(network, wallet, state, plan, transactions, block)
      : { checked: false, hasEnoughBalance: false, hasEnoughGas: false };
  return {
    ...q,
    transactions,
    approvalCount: approvals.length,
    amount: plan.amount,
    feeAmount: plan.feeAmount,
    conversion: plan.conversion,
    checks,
  };
}

async function checkPayer(
  network: EvmNetworkId,
  wallet: Address,
  state: PayerState,
  plan: EvmPlan,
  transactions: EvmTransaction[],
  block: bigint,
): Promise<PayChecks> {
  const hasEnoughBalance =
    state.nativeBalance >= plan.nativeNeeded &&
    (plan.pull ? state.tokenBalance(plan.pull.token) >= plan.tokenNeeded : true);
  // A payment the payer cannot fund would revert in the simulation: its gas is unknown.
  if (!hasEnoughBalance) return { checked: true, hasEnoughBalance, hasEnoughGas: false, gasPrice: state.gasPrice };
  const simulation = await simulateGas(network, wallet, transactions, block);
  if (!simulation.ok) {
    log.warn(
      { network, failedIndex: simulation.failedIndex, reason: simulation.reason },
      "pay calldata simulation failed",
    );
    return { checked: true, hasEnoughBalance, hasEnoughGas: false, gasPrice: state.gasPrice };
  }
  const gasCost = (simulation.gas * state.gasPrice * GAS_MARGIN_TENTHS) / 10n;
  return {
    checked: true,
    hasEnoughBalance,
    hasEnoughGas: state.nativeBalance >= plan.nativeNeeded + gasCost,
    gas: simulation.gas,
    gasPrice: state.gasPrice,
  };
}

/**
 * Where the payment sits among the transactions a client sends: the approvals first (a USDT
 * reset to 0 included), then the one that pays. Clients written for the hosted interface send
 * `transactions[paymentTransactionIndex]` as the payment and treat the others as approvals, so
 * every calldata answer (single, payout, batch, secure payment) carries these from here.
 */
export function transactionOrder(approvalCount: number): {
  needsApproval: boolean;
  approvalTransactionIndex: number | null;
  paymentTransactionIndex: number;
} {
  return {
    needsApproval: approvalCount > 0,
    approvalTransactionIndex: approvalCount > 0 ? 0 : null,
    paymentTransactionIndex: approvalCount,
  };
}

/** The published response shape: token payments carry `value: 0`, native ones a BigNumber. */
export function toPayCalldata(quote: PayQuote): PayCalldata {
  const native = quote.method === "native" || quote.method === "native-conversion";
  return {
    transactions: quote.transactions.map((t) => ({
      to: t.to,
      data: t.data,
      value: native ? bigNumberValue(t.value) : 0,
    })),
    metadata: {
      stepsRequired: quote.transactions.length,
      ...transactionOrder(quote.approvalCount),
      hasEnoughBalance: quote.checks.hasEnoughBalance,
      hasEnoughGas: quote.checks.hasEnoughGas,
    },
    ...(quote.tronQuote ? { quote: quoteJson(quote.tronQuote, quote.token.decimals) } : {}),
  };
}

function quoteJson(q: TronQuote, decimals: number) {
  return {
    amount: formatUnits(q.amount, decimals),
    feeAmount: formatUnits(q.feeAmount, decimals),
    conversionRate: q.rate,
    rateSource: "chainlink" as const,
    expiresAt: q.expiresAt.toISOString(),
  };
}

/** The calldata to pay a stored request (GET /v2/request/{id}/pay, payouts, secure payments). */
export async function buildPayCalldata(request: StoredRequest, options: PayOptions = {}): Promise<PayCalldata> {
  return toPayCalldata(await quotePayment(request, options));
}
