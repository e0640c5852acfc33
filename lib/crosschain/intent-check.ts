// The payment page's last check before a wallet signs a crosschain payment: the intent the
// service answered (GET /pay/{token}/crosschain) must be exactly the payment the page shows,
// against the page's own list of our gateways and tokens (crosschainPagePolicy, built on the
// server and carried in the HTML, the same way the same-chain contract check works,
// lib/secure-payments/contract-check.ts). Spender = our gateway on the source chain,
// destination = the payee shown on the payment's chain and token, amounts = the amount shown
// and the operator fee quoted, chain id = the source chain; the EIP-2612 permit or approval
// may only name Permit2. Anything else refuses with the reason, before the wallet sees it.
//
// Pure and dependency-free (it runs in the browser): it returns the typed data to sign,
// rebuilt from what it checked, so what the wallet signs is what was checked.
import { PAYMENT_INTENT_TYPES, PERMIT_TYPES } from "./intent-types";

export interface CrosschainSourceToken {
  symbol: string;
  address: string;
  decimals: number;
}

export interface CrosschainSource {
  /** The interface's name of the chain: "BASE", "OPTIMISM"… */
  chain: string;
  chainId: number;
  /** "base", for explorer links. */
  network: string;
  /** "Base", for people. */
  networkName: string;
  /** Our gateway there: the only spender a payment intent may name. */
  gateway: string;
  tokens: CrosschainSourceToken[];
}

export interface CrosschainPolicy {
  permit2: string;
  /** The operator's treasury: where the fee goes, and the intent's operator. */
  treasury: string;
  /** The payee the page shows, paid on the payment's own chain and token. */
  payee: string;
  destinationChainId: number;
  destinationToken: string;
  /** What the payee receives, in `decimals` units (a decimal string: the page's props are JSON). */
  amount: string;
  decimals: number;
  sources: CrosschainSource[];
}

export interface CrosschainAnswer {
  paymentIntent: string;
  approvalPermitPayload: string | null;
  approvalCalldata: { to: string; data: string; value: string } | null;
}

/** What eth_signTypedData_v4 takes (as JSON). */
export interface SignableTypedData {
  domain: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

export interface CheckedIntent {
  intent: SignableTypedData;
  nonce: string;
  deadline: string;
  permit: { typedData: SignableTypedData; nonce: string; deadline: string } | null;
  approval: { to: string; data: string } | null;
  /** What the wallet gives in total (amount + fee), in the source token's units. */
  total: bigint;
}

export type IntentCheck = { ok: true; checked: CheckedIntent } | { ok: false; reason: string };

const APPROVE = "0x095ea7b3";

class Refused extends Error {}

function refuse(reason: string): never {
  throw new Refused(reason);
}

const same = (a: unknown, b: string) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

function uint(v: unknown, what: string): bigint {
  if ((typeof v === "string" && /^\d{1,78}$/.test(v)) || (typeof v === "number" && Number.isSafeInteger(v) && v >= 0))
    return BigInt(v);
  return refuse(`The ${what} of the payment to sign is not a number.`);
}

/** `amount` moved from `from` decimals to `to` decimals, rounded up (as the service quotes it, lib/crosschain/operator-fee.ts). */
export function rescaleUp(amount: bigint, from: number, to: number): bigint {
  if (to >= from) return amount * 10n ** BigInt(to - from);
  const div = 10n ** BigInt(from - to);
  return (amount + div - 1n) / div;
}

/** "0.0625" in `decimals` units; null when it is not a plain decimal with at most that many places. */
export function decimalUnits(text: string, decimals: number): bigint | null {
  const m = /^(\d{1,30})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[2] ?? "").replace(/0+$/, "");
  if (frac.length > decimals) return null;
  return BigInt(m[1]) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, "0") || "0");
}

function parse(
  json: string,
  what: string,
): { domain: Record<string, unknown>; types: unknown; values: Record<string, unknown> } {
  let out: unknown;
  try {
    out = JSON.parse(json);
  } catch {
    return refuse(`The ${what} to sign is not readable.`);
  }
  const o = out as { domain?: unknown; types?: unknown; values?: unknown } | null;
  if (!o || typeof o.domain !== "object" || !o.domain || typeof o.values !== "object" || !o.values)
    refuse(`The ${what} to sign is not readable.`);
  return { domain: o.domain as Record<string, unknown>, types: o.types, values: o.values as Record<string, unknown> };
}

/** The EIP712Domain entry wallets expect with eth_signTypedData_v4, from the domain's own fields. */
function domainType(domain: Record<string, unknown>) {
  const fields = [
    ["name", "string"],
    ["version", "string"],
    ["chainId", "uint256"],
    ["verifyingContract", "address"],
  ] as const;
  return fields.filter(([name]) => domain[name] !== undefined).map(([name, type]) => ({ name, type }));
}

function sourceOf(
  policy: CrosschainPolicy,
  chain: string,
  symbol: string,
): { source: CrosschainSource; token: CrosschainSourceToken } {
  const source = policy.sources.find((s) => s.chain === chain);
  const token = source?.tokens.find((t) => t.symbol === symbol);
  if (!source || !token) return refuse(`${symbol} on ${chain} is not a network this page pays from.`);
  return { source, token };
}

function checkPaymentIntent(
  policy: CrosschainPolicy,
  source: CrosschainSource,
  token: CrosschainSourceToken,
  wallet: string,
  amount: bigint,
  fee: bigint,
  json: string,
) {
  const { domain, types, values } = parse(json, "payment");
  const on = source.networkName;
  if (domain.name !== "Permit2" || !same(domain.verifyingContract, policy.permit2))
    refuse(`The payment to sign is not a Permit2 transfer (it names ${String(domain.verifyingContract)}).`);
  if (uint(domain.chainId, "chain id") !== BigInt(source.chainId))
    refuse(`The payment to sign is for chain ${String(domain.chainId)}, not ${on} (${source.chainId}).`);
  if (JSON.stringify(types) !== JSON.stringify(PAYMENT_INTENT_TYPES))
    refuse("The payment to sign is not the crosschain payment this page knows.");
  if (!same(values.spender, source.gateway))
    refuse(
      `The payment would let ${String(values.spender)} take your ${token.symbol}, not our gateway on ${on} (${source.gateway}).`,
    );
  const permitted = values.permitted as { token?: unknown; amount?: unknown }[] | undefined;
  if (!Array.isArray(permitted) || permitted.length !== 2 || !permitted.every((p) => same(p?.token, token.address)))
    refuse(`The payment to sign takes another token than ${token.symbol} on ${on}.`);
  const [toPayee, toOperator] = permitted.map((p, i) => uint(p.amount, i === 0 ? "amount" : "fee"));
  if (toPayee !== amount)
    refuse(`The payment to sign moves ${toPayee} units of ${token.symbol}, not the ${amount} this page shows.`);
  if (toOperator !== fee)
    refuse(`The payment to sign charges a fee of ${toOperator} units of ${token.symbol}, not the ${fee} quoted.`);
  const w = values.witness as Record<string, Record<string, unknown> | unknown> | undefined;
  const src = (w?.source ?? {}) as Record<string, unknown>;
  const dst = (w?.destination ?? {}) as Record<string, unknown>;
  const op = (w?.operator_data ?? {}) as Record<string, unknown>;
  if (!w || uint(w.payment_type, "payment type") !== 0n)
    refuse("The payment to sign is not the payment of this request.");
  if (uint(w.amount, "amount") !== amount || uint(op.fee, "fee") !== fee)
    refuse("The payment to sign states other amounts than it moves.");
  if (
    !same(src.account, wallet) ||
    uint(src.network_id, "source chain") !== BigInt(source.chainId) ||
    !same(src.payment_token, token.address)
  ) {
    refuse(`The payment to sign is not from your wallet's ${token.symbol} on ${on}.`);
  }
  if (!same(dst.account, policy.payee))
    refuse(`The payment to sign pays ${String(dst.account)}, not the payee this page shows (${policy.payee}).`);
  if (
    uint(dst.network_id, "destination chain") !== BigInt(policy.destinationChainId) ||
    !same(dst.payment_token, policy.destinationToken)
  ) {
    refuse("The payment to sign pays on another chain or token than this payment's.");
  }
  if (!same(op.operator, policy.treasury) || !same(op.treasury_account, policy.treasury))
    refuse(`The payment to sign pays its fee to ${String(op.treasury_account)}, not to this service's treasury.`);
  const deadline = uint(values.deadline, "deadline");
  if (uint(w.expires_at, "expiry") !== deadline) refuse("The payment to sign expires at another time than its permit.");
  const nonce = uint(values.nonce, "nonce");
  return {
    intent: {
      domain: { ...domain },
      types: { EIP712Domain: domainType(domain), ...PAYMENT_INTENT_TYPES },
      primaryType: "PermitBatchWitnessTransferFrom",
      message: values,
    },
    nonce,
    deadline,
  };
}

function checkApprovalPermit(
  policy: CrosschainPolicy,
  source: CrosschainSource,
  token: CrosschainSourceToken,
  wallet: string,
  json: string,
) {
  const { domain, types, values } = parse(json, "approval");
  if (uint(domain.chainId, "chain id") !== BigInt(source.chainId) || !same(domain.verifyingContract, token.address))
    refuse(`The approval to sign is not one of ${token.symbol} on ${source.networkName}.`);
  if (JSON.stringify(types) !== JSON.stringify(PERMIT_TYPES)) refuse("The approval to sign is not an EIP-2612 permit.");
  if (!same(values.owner, wallet)) refuse("The approval to sign is not for your wallet.");
  if (!same(values.spender, policy.permit2))
    refuse(
      `The approval would let ${String(values.spender)} spend your ${token.symbol}, not Permit2 (${policy.permit2}).`,
    );
  const nonce = uint(values.nonce, "nonce");
  const deadline = uint(values.deadline, "deadline");
  uint(values.value, "value");
  return {
    typedData: {
      domain: { ...domain },
      types: { EIP712Domain: domainType(domain), ...PERMIT_TYPES },
      primaryType: "Permit",
      message: values,
    },
    nonce: nonce.toString(),
    deadline: deadline.toString(),
  };
}

function checkApprovalCall(
  policy: CrosschainPolicy,
  source: CrosschainSource,
  token: CrosschainSourceToken,
  call: NonNullable<CrosschainAnswer["approvalCalldata"]>,
) {
  const spender = /^0{24}([0-9a-f]{40})$/i.exec(call.data.slice(10, 74))?.[1];
  if (
    !same(call.to, token.address) ||
    call.data.slice(0, 10).toLowerCase() !== APPROVE ||
    !spender ||
    !same(`0x${spender}`, policy.permit2)
  ) {
    refuse(`The approval transaction is not an approval of Permit2 by ${token.symbol} on ${source.networkName}.`);
  }
  if (!/^(0x0*|0)$/i.test(call.value)) refuse("The approval transaction sends coins with it.");
  return { to: call.to, data: call.data };
}

/**
 * @param ask what the payer chose: source chain and token, their wallet and the operator fee
 * the page showed for that route (in the source token's units).
 */
export function checkCrosschainIntent(
  policy: CrosschainPolicy,
  ask: { chain: string; token: string; wallet: string; fee: bigint },
  answer: CrosschainAnswer,
): IntentCheck {
  try {
    const { source, token } = sourceOf(policy, ask.chain, ask.token);
    const amount = rescaleUp(BigInt(policy.amount), policy.decimals, token.decimals);
    const { intent, nonce, deadline } = checkPaymentIntent(
      policy,
      source,
      token,
      ask.wallet,
      amount,
      ask.fee,
      answer.paymentIntent,
    );
    if (answer.approvalPermitPayload && answer.approvalCalldata) refuse("The payment asks for two approvals.");
    const permit = answer.approvalPermitPayload
      ? checkApprovalPermit(policy, source, token, ask.wallet, answer.approvalPermitPayload)
      : null;
    const approval = answer.approvalCalldata ? checkApprovalCall(policy, source, token, answer.approvalCalldata) : null;
    return {
      ok: true,
      checked: {
        intent,
        nonce: nonce.toString(),
        deadline: deadline.toString(),
        permit,
        approval,
        total: amount + ask.fee,
      },
    };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.message };
    return { ok: false, reason: "The payment to sign is not readable." };
  }
}
