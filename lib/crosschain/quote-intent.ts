// GET /v2/request/{id}/pay with chain/token naming another chain: the intent the payer signs
// (docs/interface.md "Crosschain payments"). The amounts, the payee and the payment reference
// come from the request; the operator's fee is quoted in the witness and in the permitted
// amounts; the approval Permit2 needs comes as an EIP-2612 permit to sign when the token has
// one, as an approve transaction otherwise, and not at all when the allowance suffices.

import { ulid } from "ulid";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddress,
  keccak256,
  maxUint256,
  parseAbi,
  toBytes,
} from "viem";
import { getPublicClient } from "../chains/clients";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import { gatewayAddress, operatorAddress, operatorKey } from "../chains/crosschain-gateway";
import { type Currency, findCurrencies, getCurrency, isSameAsset } from "../chains/currencies";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig } from "../config";
import { badRequest, validationError } from "../http/errors";
import type { StoredRequest } from "../requests";
import { CHAIN_NAMES } from "../requests";
import { insertIntent, type PermitDomain } from "./intent-store";
import { type IntentTerms, paymentIntentJson } from "./intent-typed-data";
import { PERMIT_TYPES } from "./intent-types";
import { operatorFee, rescale } from "./operator-fee";

/** How long the payer has to sign and the operator to pull: Permit2's deadline and expires_at. */
export const INTENT_TTL_SECONDS = 30 * 60;
/** The operator commits to pay out within this long after the deadline (processing_date). */
const PROCESSING_SECONDS = 15 * 60;

const permitAbi = parseAbi([
  "function nonces(address owner) view returns (uint256)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function version() view returns (string)",
  "function name() view returns (string)",
]);

export interface CrosschainQuote {
  paymentIntentId: string;
  paymentIntent: string;
  approvalPermitPayload: string | null;
  approvalCalldata: { to: string; data: string; value: string } | null;
  metadata: { supportsEIP2612: boolean };
}

/** Whether `chain`/`token` ask for a crosschain payment of this request. */
export function isCrosschainAsk(request: StoredRequest, chain: string | undefined, token: string | undefined): boolean {
  if (chain === undefined && token === undefined) return false;
  if (chain === undefined || token === undefined) {
    throw validationError([
      { field: chain === undefined ? "chain" : "token", message: "chain and token are given together" },
    ]);
  }
  return chain !== CHAIN_NAMES[request.network];
}

function sourceNetworkOf(chain: string): EvmNetworkId {
  const entry = Object.entries(CHAIN_NAMES).find(([, name]) => name === chain);
  const network = entry?.[0];
  if (!network || network === "tron" || !getConfig().detection.networks.includes(network as EvmNetworkId)) {
    throw badRequest("crosschain_unsupported", `Crosschain payments from ${chain} are not served by this service`);
  }
  return network as EvmNetworkId;
}

function sourceTokenOf(network: EvmNetworkId, token: string): Currency {
  const symbol = token.toUpperCase();
  const found = findCurrencies({ network, symbol }).find((c) => c.type === "ERC20");
  if (!found || (symbol !== "USDC" && symbol !== "USDT"))
    throw badRequest(
      "crosschain_unsupported",
      `Crosschain payments are paid in USDC or USDT; ${token} on ${CHAIN_NAMES[network]} is not one of them`,
    );
  return found;
}

async function permitSupport(
  network: EvmNetworkId,
  token: Address,
  owner: Address,
): Promise<{ domain: PermitDomain; nonce: bigint } | null> {
  const client = getPublicClient(network);
  try {
    const [nonce, , name, version] = await Promise.all([
      client.readContract({ address: token, abi: permitAbi, functionName: "nonces", args: [owner] }),
      client.readContract({ address: token, abi: permitAbi, functionName: "DOMAIN_SEPARATOR" }),
      client.readContract({ address: token, abi: permitAbi, functionName: "name" }),
      client.readContract({ address: token, abi: permitAbi, functionName: "version" }).catch(() => "1"),
    ]);
    return { domain: { name, version }, nonce };
  } catch {
    return null; // no nonces()/DOMAIN_SEPARATOR(): no EIP-2612
  }
}

/** What a crosschain payment of the request pays on its network; throws when it cannot be paid crosschain. */
export function crosschainDue(request: StoredRequest): { destination: EvmNetworkId; payment: Currency; due: bigint } {
  const destination = request.network;
  if (destination === "tron") throw badRequest("crosschain_unsupported", "Tron requests cannot be paid crosschain");
  const payment = getCurrency(request.paymentCurrency);
  const invoice = getCurrency(request.invoiceCurrency);
  if (!payment || payment.type !== "ERC20" || !invoice || !isSameAsset(invoice, payment)) {
    throw badRequest(
      "crosschain_unsupported",
      "Only requests invoiced and paid in a stablecoin token can be paid crosschain",
    );
  }
  // Below 1 is refused: the operator's costs would exceed the payment.
  if (request.expectedAmount < 10n ** BigInt(invoice.decimals)) {
    throw badRequest(
      "crosschain_amount_too_small",
      `Crosschain payments need an expected amount of at least 1 ${invoice.symbol}`,
    );
  }
  const due = rescale(request.expectedAmount - request.amountPaid, invoice.decimals, payment.decimals);
  if (due <= 0n) throw badRequest("request_already_paid", "The request is already paid");
  return { destination, payment, due };
}

export async function quoteIntent(
  platformId: string,
  request: StoredRequest,
  ask: { wallet?: string; chain: string; token: string },
): Promise<CrosschainQuote> {
  if (!ask.wallet || !isAddress(ask.wallet.trim()))
    throw validationError([
      { field: "wallet", message: "is required for a crosschain payment: the payer's EVM address" },
    ]);
  const payer = getAddress(ask.wallet.trim());
  const config = getConfig();
  const { destination, payment, due } = crosschainDue(request);
  const source = sourceNetworkOf(ask.chain);
  const sourceToken = sourceTokenOf(source, ask.token);
  const gateway = gatewayAddress(source, config.sandbox);
  const operator = operatorAddress(config.sandbox) ?? null;
  if (!gateway || !operator || !operatorKey(config.sandbox) || !gatewayAddress(destination, config.sandbox)) {
    throw badRequest(
      "crosschain_unavailable",
      `Crosschain payments from ${ask.chain} are not configured on this service (no gateway or operator)`,
    );
  }
  const amount = rescale(due, payment.decimals, sourceToken.decimals);
  const fee = operatorFee(amount, sourceToken.decimals).total;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const terms: IntentTerms = {
    sourceChainId: NETWORKS[source].chainId,
    sourceToken: getAddress(sourceToken.address),
    payer,
    destinationChainId: NETWORKS[destination].chainId,
    destinationToken: getAddress(payment.address),
    payee: getAddress(request.payee),
    amount,
    fee,
    gateway,
    operator,
    treasury: operator,
    operatorId: keccak256(toBytes(`stablelink-operator:${operator.toLowerCase()}`)),
    // Permit2 nonces are unordered (a bitmap): any unused 64-bit value.
    nonce: BigInt(
      `0x${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("")}`,
    ),
    deadline: now + BigInt(INTENT_TTL_SECONDS),
    processingDate: now + BigInt(INTENT_TTL_SECONDS + PROCESSING_SECONDS),
  };

  const client = getPublicClient(source);
  const [allowance, permit] = await Promise.all([
    client.readContract({
      address: terms.sourceToken,
      abi: erc20Abi,
      functionName: "allowance",
      args: [payer, PERMIT2_ADDRESS],
    }),
    permitSupport(source, terms.sourceToken, payer),
  ]);
  const needsApproval = allowance < amount + fee;
  const id = ulid();
  await insertIntent({
    id,
    platformId,
    requestId: request.requestId,
    sourceNetwork: source,
    destinationNetwork: destination,
    terms,
    permitDomain: permit?.domain ?? null,
    destinationAmount: due,
    supportsPermit: permit !== null,
  });

  const approvalPermitPayload =
    needsApproval && permit
      ? JSON.stringify(
          {
            domain: { ...permit.domain, chainId: terms.sourceChainId, verifyingContract: terms.sourceToken },
            types: PERMIT_TYPES,
            values: {
              owner: payer,
              spender: PERMIT2_ADDRESS,
              value: maxUint256.toString(),
              nonce: permit.nonce.toString(),
              deadline: terms.deadline.toString(),
            },
          },
          null,
          2,
        )
      : null;
  const approvalCalldata =
    needsApproval && !permit
      ? {
          to: terms.sourceToken,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] }),
          value: "0x0",
        }
      : null;
  return {
    paymentIntentId: id,
    paymentIntent: paymentIntentJson(terms),
    approvalPermitPayload,
    approvalCalldata,
    metadata: { supportsEIP2612: permit !== null },
  };
}
