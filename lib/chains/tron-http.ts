// The one way the service calls a Tron node: java-tron's documented HTTP API (`/wallet/…`)
// and TronGrid's `/v1/…`, at TRONGRID_URL, with TRONGRID_API_KEY as the `TRON-PRO-API-KEY`
// header when it is set (TronGrid rate-limits calls without a key hard). No TronWeb here:
// TronWeb's client would need a full node object per call and hides the raw answers.
import { getConfig } from "../config";

const TIMEOUT_MS = 15_000;

/** The headers of every call to TRONGRID_URL. */
export function tronGridHeaders(json = false): Record<string, string> {
  const key = getConfig().TRONGRID_API_KEY;
  return {
    accept: "application/json",
    ...(json ? { "content-type": "application/json" } : {}),
    ...(key ? { "TRON-PRO-API-KEY": key } : {}),
  };
}

/**
 * POST a JSON body to a java-tron path (`/wallet/getaccount`…) on TRONGRID_URL (or `baseUrl`);
 * java-tron's refusals (`{Error}`) throw.
 */
export async function tronPost<T>(path: string, body: Record<string, unknown>, baseUrl?: string): Promise<T> {
  const url = new URL(path, `${(baseUrl ?? getConfig().TRONGRID_URL).replace(/\/$/, "")}/`);
  const res = await fetch(url, {
    method: "POST",
    headers: tronGridHeaders(true),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Tron node ${url.pathname}: HTTP ${res.status}`);
  const answer = (await res.json()) as T & { Error?: string };
  if (answer && typeof answer === "object" && "Error" in answer)
    throw new Error(`Tron node ${url.pathname}: ${String(answer.Error).slice(0, 200)}`);
  return answer;
}
