// The node's virtual machine: an anvil running the same bytecode the TVM runs. A Tron address
// is 0x41 + the 20 bytes the EVM uses; TRX balances are the anvil account balances, one sun
// per wei, so contracts see `msg.value` and `address(x).balance` in sun as on Tron. anvil
// runs with a zero base fee and every transaction at gas price 0: gas is not paid in "ETH",
// the node bills energy in TRX itself (node.ts). Energy is the execution's EVM gas less the
// transaction's intrinsic gas (Tron charges no per-transaction base cost); Tron's own opcode
// price table is not reproduced.
import { rpcRequest } from "../anvil";

export interface TvmResult {
  success: boolean;
  /** "OutOfGas" and the like when the top call failed for a reason other than REVERT. */
  error?: string;
  reverted: boolean;
  output: string; // hex without 0x: return data, or revert data
  energyUsed: bigint;
  logs: { address: string; topics: string[]; data: string }[]; // hex without 0x, address 20 bytes
}

interface CallFrame {
  gasUsed: string;
  output?: string;
  error?: string;
}

const strip = (hex: string | undefined) => (hex ?? "0x").replace(/^0x/, "").toLowerCase();
const quantity = (v: bigint) => `0x${v.toString(16)}`;

/** Tron charges no intrinsic cost; the EVM's (21 000 + calldata) is taken off the gas used. */
export function intrinsicGas(dataHex: string): bigint {
  let gas = 21_000n;
  for (let i = 0; i < dataHex.length; i += 2) gas += dataHex.slice(i, i + 2) === "00" ? 4n : 16n;
  return gas;
}

export class Tvm {
  constructor(readonly url: string) {}

  private rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    return rpcRequest<T>(this.url, method, params, 60_000);
  }

  async balance(evm: string): Promise<bigint> {
    return BigInt(await this.rpc<string>("eth_getBalance", [evm, "latest"]));
  }

  async setBalance(evm: string, sun: bigint): Promise<void> {
    await this.rpc("anvil_setBalance", [evm, quantity(sun)]);
  }

  async code(evm: string): Promise<string> {
    return strip(await this.rpc<string>("eth_getCode", [evm, "latest"]));
  }

  async latestTimestampMs(): Promise<number> {
    const block = await this.rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    return Number(BigInt(block.timestamp)) * 1000;
  }

  /** Any sender may send: the node has checked the signature already. */
  async acceptAnySender(): Promise<void> {
    await this.rpc("anvil_autoImpersonateAccount", [true]);
  }

  /** A read-only call at the head state (triggerconstantcontract, estimateenergy). */
  async call(from: string, to: string, dataHex: string, value: bigint): Promise<TvmResult> {
    const frame = await this.rpc<CallFrame>("debug_traceCall", [
      { from, to, data: `0x${dataHex}`, value: quantity(value), gas: quantity(1_000_000_000n), gasPrice: "0x0" },
      "latest",
      { tracer: "callTracer", tracerConfig: { onlyTopCall: true } },
    ]);
    return this.result(frame, dataHex, []);
  }

  /** Executes in a new anvil block stamped `timestampSec`; at most `energyLimit` energy. */
  async execute(opts: {
    from: string;
    to: string;
    dataHex: string;
    value: bigint;
    energyLimit: bigint;
    timestampSec: number;
  }): Promise<TvmResult> {
    await this.rpc("evm_setNextBlockTimestamp", [opts.timestampSec]);
    const hash = await this.rpc<string>("eth_sendTransaction", [
      {
        from: opts.from,
        to: opts.to,
        data: `0x${opts.dataHex}`,
        value: quantity(opts.value),
        gas: quantity(intrinsicGas(opts.dataHex) + opts.energyLimit),
        gasPrice: "0x0",
      },
    ]);
    const receipt = await this.receipt(hash);
    const frame = await this.rpc<CallFrame>("debug_traceTransaction", [
      hash,
      { tracer: "callTracer", tracerConfig: { onlyTopCall: true } },
    ]);
    const logs = receipt.logs.map((l) => ({
      address: strip(l.address),
      topics: l.topics.map(strip),
      data: strip(l.data),
    }));
    return this.result(frame, opts.dataHex, logs);
  }

  /** anvil mines at once, but its receipt can take a moment to be readable. */
  private async receipt(hash: string): Promise<{ logs: { address: string; topics: string[]; data: string }[] }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const receipt = await this.rpc<{ logs: { address: string; topics: string[]; data: string }[] } | null>(
        "eth_getTransactionReceipt",
        [hash],
      );
      if (receipt) return receipt;
      if (Date.now() > deadline) throw new Error(`anvil mined no receipt for ${hash}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private result(frame: CallFrame, dataHex: string, logs: TvmResult["logs"]): TvmResult {
    const gasUsed = BigInt(frame.gasUsed);
    const intrinsic = intrinsicGas(dataHex);
    const energyUsed = gasUsed > intrinsic ? gasUsed - intrinsic : 0n;
    const reverted = frame.error === "execution reverted";
    return {
      success: !frame.error,
      ...(frame.error && !reverted ? { error: frame.error } : {}),
      reverted,
      output: strip(frame.output),
      energyUsed,
      logs: frame.error ? [] : logs,
    };
  }
}
