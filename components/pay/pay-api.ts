// The payment page's calls to the service, from the browser. The link's token is the page's
// only credential (lib/pay-page/endpoints.ts, and the payer events of /v2/secure-payments).
import type { WireTransaction } from "./checkout-steps";

export interface PageCredentials {
  token: string;
}

export interface Calldata {
  transactions: WireTransaction[];
  metadata: { hasEnoughBalance: boolean; hasEnoughGas: boolean; needsApproval: boolean };
}

export class PayApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok) throw new PayApiError(res.status, body?.message ?? `The service answered ${res.status}`);
  return body as T;
}

const page = (c: PageCredentials) => `/pay/${encodeURIComponent(c.token)}`;

export async function fetchCalldata(c: PageCredentials, wallet: string): Promise<Calldata> {
  return answer<Calldata>(await fetch(`${page(c)}/calls?${new URLSearchParams({ wallet })}`, { cache: "no-store" }));
}

export type UserEvent = "wallet_connected" | "payment_sent_to_wallet" | "payment_approved_in_wallet";

/** Best effort: never awaited by the flow, never shown when it fails. */
export function reportUserEvent(c: PageCredentials, userEvent: UserEvent, properties: Record<string, string | null>): void {
  void fetch(`/v2/secure-payments/${encodeURIComponent(c.token)}/user-events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userEvent, occurredAt: new Date().toISOString(), properties }),
    keepalive: true,
  }).catch(() => undefined);
}

export interface PaymentProgress {
  status: "pending" | "partially_settled" | "completed" | "expired" | "invalidated";
  txHash: string | null;
}

/** The link's state as detection sees it: "completed" once the payment is confirmed. */
export async function fetchPaymentProgress(c: PageCredentials): Promise<PaymentProgress> {
  return answer<PaymentProgress>(await fetch(`${page(c)}/status`, { cache: "no-store" }));
}
