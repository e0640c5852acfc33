// Sending the page's Tron calls through TronLink's injected TronWeb: build the contract call
// from the calldata the service answered, have TronLink sign it, broadcast it, and read its
// result. TronWeb wants the function's signature and its encoded parameters separately, so
// the few functions a Tron payment calls are named by selector here; anything else is refused
// (the contract check has already refused it). This path runs against TronLink on Tron mainnet;
// the same calldata signed by TronWeb is tested against the sandbox Tron node
// (lib/requests/pay-on-tron.test.ts).
import type { WireTransaction } from "./checkout-steps";
import type { MinedCall } from "./evm-calls";

export const TRON_FUNCTIONS: Record<string, string> = {
  "0x095ea7b3": "approve(address,uint256)",
  "0xa9059cbb": "transfer(address,uint256)",
  "0xc219a14d": "transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)",
};

/** Energy a payment may burn, in sun (TronLink shows it; unused energy is not charged). */
const FEE_LIMIT_SUN = 150_000_000;

interface InjectedTronWeb {
  defaultAddress?: { base58?: string };
  transactionBuilder: {
    triggerSmartContract(
      to: string,
      fn: string,
      options: { feeLimit: number; callValue: number; rawParameter: string },
      params: unknown[],
      from: string,
    ): Promise<{ result?: { result?: boolean }; transaction?: unknown }>;
  };
  trx: {
    sign(tx: unknown): Promise<unknown>;
    sendRawTransaction(tx: unknown): Promise<{ result?: boolean; txid?: string; code?: string; message?: string }>;
    getTransactionInfo(id: string): Promise<{ id?: string; receipt?: { result?: string } }>;
  };
}

function tronWeb(): InjectedTronWeb {
  const w = window as unknown as { tronLink?: { tronWeb?: InjectedTronWeb }; tronWeb?: InjectedTronWeb };
  const tw = w.tronLink?.tronWeb ?? w.tronWeb;
  if (!tw)
    throw new Error(
      "TronLink is not available on this page. Open it in the TronLink app or with the TronLink extension.",
    );
  return tw;
}

/** The function signature and the parameters (hex, no 0x) of Tron calldata. */
export function splitTronCalldata(data: string): { fn: string; rawParameter: string } {
  const fn = TRON_FUNCTIONS[data.slice(0, 10).toLowerCase()];
  if (!fn) throw new Error("This Tron call is not one the payment page sends.");
  return { fn, rawParameter: data.slice(10) };
}

export async function sendTronCall(from: string, tx: WireTransaction): Promise<string> {
  const tw = tronWeb();
  const { fn, rawParameter } = splitTronCalldata(tx.data);
  const built = await tw.transactionBuilder.triggerSmartContract(
    tx.to,
    fn,
    { feeLimit: FEE_LIMIT_SUN, callValue: 0, rawParameter },
    [],
    from,
  );
  if (!built.result?.result || !built.transaction) throw new Error("TronLink could not prepare the transaction.");
  const signed = await tw.trx.sign(built.transaction);
  const sent = await tw.trx.sendRawTransaction(signed);
  if (!sent.result || !sent.txid) throw new Error(`Tron refused the transaction${sent.code ? ` (${sent.code})` : ""}.`);
  return sent.txid;
}

export async function waitForTronCall(txid: string, timeoutMs = 5 * 60_000): Promise<MinedCall> {
  const tw = tronWeb();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const info = await tw.trx.getTransactionInfo(txid).catch(() => null);
    if (info?.id) return { transactionHash: txid, success: !info.receipt?.result || info.receipt.result === "SUCCESS" };
    if (Date.now() > until) throw new Error("The transaction was not confirmed in time. Check TronLink’s activity.");
    await new Promise((r) => setTimeout(r, 3000));
  }
}
