// The payment page's calls to the service, from the browser. The link's token is the page's
// only credential (lib/pay-page/operations.ts, and the payer events of /v2/secure-payments).

import type { CrosschainAnswer } from "@/lib/crosschain/browser";
import type { ErrorBody, ErrorCode } from "@/lib/http/errors";
import type { PageIntentProgress, PagePaymentProgress } from "@/lib/pay-page";
import type { SecurePaymentCalldata } from "@/lib/secure-payments/schemas";

export interface PageCredentials {
  token: string;
}

export type Calldata = SecurePaymentCalldata;

/** An error answer of the service; branch on `code`, show `message`. */
export class PayApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = body as Partial<ErrorBody> | null;
    throw new PayApiError(res.status, error?.code, error?.message ?? `The service answered ${res.status}`);
  }
  return body as T;
}

const page = (c: PageCredentials) => `/pay/${encodeURIComponent(c.token)}`;

export async function fetchCalldata(c: PageCredentials, wallet: string): Promise<Calldata> {
  return answer<Calldata>(await fetch(`${page(c)}/calls?${new URLSearchParams({ wallet })}`, { cache: "no-store" }));
}

export type UserEvent = "wallet_connected" | "payment_sent_to_wallet" | "payment_approved_in_wallet";

/** Best effort: never awaited by the flow, never shown when it fails. */
export function reportUserEvent(
  c: PageCredentials,
  userEvent: UserEvent,
  properties: Record<string, string | null>,
): void {
  void fetch(`/v2/secure-payments/${encodeURIComponent(c.token)}/user-events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userEvent, occurredAt: new Date().toISOString(), properties }),
    keepalive: true,
  }).catch(() => undefined);
}

/** The intent interface's names of the EVM chains a page can pay on (not Tron, not testnets). */
const INTENT_CHAINS: Record<number, string> = {
  1: "ETHEREUM",
  42161: "ARBITRUM",
  10: "OPTIMISM",
  8453: "BASE",
  137: "POLYGON",
  56: "BNB",
};
const INTENT_TOKENS = new Set(["USDC", "USDT", "EURC", "USDT0"]);

/**
 * Records the payment transaction the wallet broadcast (POST /pay/{token}/intent), so other
 * readers of the link see it in progress until detection confirms it. Best effort, like events.
 */
export function reportIntent(
  c: PageCredentials,
  p: { chainId: number; symbol: string; txHash: string; payerAddress: string },
): void {
  const chain = INTENT_CHAINS[p.chainId];
  if (!chain || !INTENT_TOKENS.has(p.symbol) || !/^0x[0-9a-fA-F]{64}$/.test(p.txHash)) return;
  void fetch(`${page(c)}/intent`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      txHash: p.txHash,
      chain,
      token: p.symbol,
      executionKind: "evm_same_chain",
      payerAddress: p.payerAddress,
      routeKind: "same_chain",
    }),
    keepalive: true,
  }).catch(() => undefined);
}

export type PaymentProgress = PagePaymentProgress;

/** The link's state as detection sees it: "completed" once the payment is confirmed. */
export async function fetchPaymentProgress(c: PageCredentials): Promise<PaymentProgress> {
  return answer<PaymentProgress>(await fetch(`${page(c)}/status`, { cache: "no-store" }));
}

// Paying from another network (lib/pay-page/crosschain.ts).

export interface CrosschainRoute {
  /** "BASE", "OPTIMISM"… */
  chain: string;
  /** "USDC" or "USDT" */
  token: string;
  /** The operator's fee, a decimal in the source token. */
  fee: string;
  /** Expected seconds from signature to payout. */
  speed: number | string;
}

/** The other networks where the wallet holds enough to pay (amount + the operator's fee); empty when none. */
export async function fetchCrosschainRoutes(c: PageCredentials, wallet: string): Promise<CrosschainRoute[]> {
  const { routes } = await answer<{
    routes: {
      chain: string;
      token: string;
      speed: number | string;
      feeBreakdown: { type: string; amount: string }[];
    }[];
  }>(await fetch(`${page(c)}/crosschain-routes?${new URLSearchParams({ wallet })}`, { cache: "no-store" }));
  return routes.flatMap((r) => {
    const fee = r.feeBreakdown.find((f) => f.type === "crosschain");
    return fee ? [{ chain: r.chain, token: r.token, fee: fee.amount, speed: r.speed }] : [];
  });
}

export type CrosschainIntent = CrosschainAnswer & { paymentIntentId: string };

export async function fetchCrosschainIntent(
  c: PageCredentials,
  ask: { wallet: string; chain: string; token: string },
): Promise<CrosschainIntent> {
  return answer<CrosschainIntent>(
    await fetch(`${page(c)}/crosschain?${new URLSearchParams(ask)}`, { cache: "no-store" }),
  );
}

interface SignedPart {
  signature: string;
  nonce: string;
  deadline: string;
}

export async function submitCrosschainIntent(
  c: PageCredentials,
  id: string,
  body: { signedPaymentIntent: SignedPart; signedApprovalPermit?: SignedPart },
): Promise<void> {
  await answer<unknown>(
    await fetch(`${page(c)}/crosschain/${encodeURIComponent(id)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

export type CrosschainProgress = PageIntentProgress;

export async function fetchCrosschainProgress(c: PageCredentials, id: string): Promise<CrosschainProgress> {
  return answer<CrosschainProgress>(
    await fetch(`${page(c)}/crosschain/${encodeURIComponent(id)}`, { cache: "no-store" }),
  );
}
