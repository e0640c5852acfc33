// A request's deposit address (docs/decisions/deposit-addresses.md): the address of its own a
// payer sends a plain token transfer to, from any wallet or exchange. It is the CREATE2 address
// of a DepositForwarder under our DepositForwarderFactory, committing to the request's token,
// payee, payment reference and stored fee: computed offline, nothing deployed before funds
// arrive. Then the forwarding worker (deposit-forwarder.ts) pays it through ERC20FeeProxy with
// the request's reference, and detection records the payment (type `deposit`). No I/O (the
// configuration names the factory).
import { type Address, formatUnits, getAddress, isAddress } from "viem";
import { getCurrency } from "../chains/currencies";
import { type DepositTerms, depositAddressOf, depositFactoryAddress } from "../chains/deposit-factory";
import { EVM_NETWORK_IDS, type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig } from "../config";
import { storedFee } from "./fee";
import { feeAmountOf } from "./payment-maths";
import { paymentMethodFor } from "./payment-method";
import type { StoredRequest } from "./request-store";

const ZERO: Address = "0x0000000000000000000000000000000000000000";

export interface RequestDeposit {
  network: EvmNetworkId;
  factory: Address;
  address: Address;
  terms: DepositTerms;
}

/**
 * The deposit of a request paid in an ERC-20 token on an EVM network with a deposit factory
 * (invoice and payment in the same token: a converted amount has no fixed token amount to
 * send); null otherwise. The fee is the one stored with the request, so the address never
 * changes when a client ID's settings do.
 */
export function requestDeposit(
  request: Pick<
    StoredRequest,
    | "network"
    | "invoiceCurrency"
    | "paymentCurrency"
    | "payee"
    | "paymentReference"
    | "expectedAmount"
    | "feePercentage"
    | "feeAddress"
  >,
  sandbox: boolean,
): RequestDeposit | null {
  if (!(EVM_NETWORK_IDS as readonly string[]).includes(request.network)) return null;
  const network = request.network as EvmNetworkId;
  const invoice = getCurrency(request.invoiceCurrency);
  const payment = getCurrency(request.paymentCurrency);
  if (!invoice || !payment || payment.network !== network || !isAddress(request.payee)) return null;
  const method = paymentMethodFor(invoice, payment);
  if (!method.ok || method.method !== "erc20") return null;
  const factory = depositFactoryAddress(network, sandbox);
  if (!factory) return null;
  const fee = storedFee(request.feePercentage, request.feeAddress);
  const terms: DepositTerms = {
    token: getAddress(payment.address),
    payee: getAddress(request.payee),
    paymentReference: request.paymentReference,
    feeAmount: fee ? feeAmountOf(request.expectedAmount, fee.basisPoints) : 0n,
    feeAddress: fee && isAddress(fee.address) ? getAddress(fee.address) : ZERO,
  };
  return { network, factory, address: depositAddressOf(factory, terms), terms };
}

/** What a payer needs to pay by plain transfer: the answer's `deposit` (API, payment page). */
export interface DepositInstructions {
  address: Address;
  network: EvmNetworkId;
  chainId: number;
  currency: string;
  symbol: string;
  tokenAddress: Address;
  decimals: number;
  /** What to send, fee included, in the token's smallest unit and as a decimal string. */
  amountInUnits: string;
  amount: string;
  /** EIP-681: a wallet's "send token" of exactly this. */
  paymentUri: string;
}

/** What remains to send (the stored fee on top, as `forward` takes it), for a request not yet fully paid. */
export function depositInstructions(
  request: Parameters<typeof requestDeposit>[0] & Pick<StoredRequest, "amountPaid">,
  deposit: RequestDeposit,
): DepositInstructions {
  const currency = getCurrency(request.paymentCurrency)!;
  const remaining = request.expectedAmount > request.amountPaid ? request.expectedAmount - request.amountPaid : 0n;
  const units = remaining + deposit.terms.feeAmount;
  const chainId = NETWORKS[deposit.network].chainId;
  return {
    address: deposit.address,
    network: deposit.network,
    chainId,
    currency: currency.id,
    symbol: currency.symbol,
    tokenAddress: deposit.terms.token,
    decimals: currency.decimals,
    amountInUnits: units.toString(),
    amount: formatUnits(units, currency.decimals),
    paymentUri: `ethereum:${deposit.terms.token}@${chainId}/transfer?address=${deposit.address}&uint256=${units}`,
  };
}

/** A request's deposit instructions while it can still be paid (the configured networks); null otherwise. */
export function openDeposit(request: StoredRequest): DepositInstructions | null {
  if (request.status === "cancelled" || request.status === "paid" || request.amountPaid >= request.expectedAmount)
    return null;
  const deposit = requestDeposit(request, getConfig().sandbox);
  return deposit ? depositInstructions(request, deposit) : null;
}
