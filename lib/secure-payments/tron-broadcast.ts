// POST /v2/secure-payments/{token}/tron/broadcast: relays a payer's locally signed Tron
// transaction to the network, only when it is one of the calls this link answers for that
// payer (the TRC-20 approval or the ERC20FeeProxy payment, rebuilt here for the signer). The
// signed bytes (`raw_data_hex`, whose sha256 is the txID) must carry the same target and
// calldata as the decoded `raw_data`, so what is checked is what is broadcast.
import { createHash } from "node:crypto";
import { tronFromHex, tronToHex } from "../chains/tron";
import { tronGridHeaders } from "../chains/tron-http";
import { getConfig } from "../config";
import { ApiError, badRequest } from "../http/errors";
import { buildSecurePaymentCalls } from "./build-secure-payment-calls";
import { loadSecurePayment } from "./load-secure-payment";
import { recordTronBroadcast } from "./payment-intents";
import { assertPayable } from "./payment-state";
import type { TronBroadcastBody, TronBroadcastResult } from "./schemas";

const mismatch = (message: string) => badRequest("tron_transaction_mismatch", message);

interface TriggerSmartContract {
  type?: unknown;
  parameter?: { value?: { owner_address?: unknown; contract_address?: unknown; data?: unknown; call_value?: unknown } };
}

export async function relayTronTransaction(
  token: string,
  body: TronBroadcastBody,
  scope: { platformId: string },
): Promise<TronBroadcastResult> {
  const loaded = await loadSecurePayment(token, scope);
  assertPayable(loaded.status);
  if (loaded.requests[0]?.network !== "tron") throw mismatch("This secure payment is not paid on Tron");
  const tx = body.signedTransaction;
  const rawHex = tx.raw_data_hex.toLowerCase();
  const txId = createHash("sha256").update(Buffer.from(rawHex, "hex")).digest("hex");
  if (tx.txID && tx.txID.toLowerCase() !== txId) throw mismatch("txID is not the sha256 of raw_data_hex");

  const call = tx.raw_data.contract[0] as TriggerSmartContract;
  const v = call?.parameter?.value;
  if (
    call?.type !== "TriggerSmartContract" ||
    typeof v?.owner_address !== "string" ||
    typeof v.contract_address !== "string" ||
    typeof v.data !== "string"
  ) {
    throw mismatch("raw_data.contract[0] must be a TriggerSmartContract with owner_address, contract_address and data");
  }
  if (v.call_value !== undefined && v.call_value !== 0) throw mismatch("The call must not send TRX");
  let owner: string;
  let target: string;
  try {
    owner = tronFromHex(v.owner_address);
    target = tronFromHex(v.contract_address);
  } catch {
    throw mismatch("owner_address and contract_address must be Tron hex addresses (41…)");
  }
  const data = v.data.toLowerCase().replace(/^0x/, "");
  // The rebuilt calls for the signer: the access list applies (403 for another wallet).
  const expected = await buildSecurePaymentCalls(loaded.sp.token, { wallet: owner }, scope);
  const match = expected.transactions.find((t) => t.to === target && t.data.toLowerCase().replace(/^0x/, "") === data);
  if (!match)
    throw mismatch(
      "The transaction is not one of this secure payment's calls for its signer (GET /v2/secure-payments/{token}/pay?wallet=…)",
    );
  for (const part of [tronToHex(owner), tronToHex(target), data]) {
    if (!rawHex.includes(part)) throw mismatch("raw_data_hex does not carry the raw_data it is sent with");
  }

  let answer: { result?: boolean; txid?: string; code?: string; message?: string };
  try {
    const res = await fetch(`${getConfig().TRONGRID_URL.replace(/\/$/, "")}/wallet/broadcasttransaction`, {
      method: "POST",
      headers: tronGridHeaders(true),
      body: JSON.stringify({ ...tx, txID: txId }),
      signal: AbortSignal.timeout(15_000),
    });
    answer = (await res.json()) as typeof answer;
  } catch (err) {
    throw new ApiError(
      502,
      "tron_broadcast_failed",
      `The Tron node could not be reached: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (answer.result !== true) {
    return {
      result: false,
      txid: txId,
      ...(answer.code ? { code: String(answer.code) } : {}),
      ...(answer.message ? { message: decodeMessage(String(answer.message)) } : {}),
    };
  }
  await recordTronBroadcast(loaded, txId, owner);
  return { result: true, txid: answer.txid ?? txId };
}

/** TronGrid sends refusal messages hex-encoded. */
function decodeMessage(message: string): string {
  return /^[0-9a-f]+$/i.test(message) && message.length % 2 === 0
    ? Buffer.from(message, "hex").toString("utf8")
    : message;
}
