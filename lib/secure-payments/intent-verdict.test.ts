// The verdict on a reported transaction from what the chain answered, without a chain: the
// cases the sandbox test does not reach (a Safe's payment, a pending transaction elsewhere).
import { keccak256 } from "viem";
import { describe, expect, it } from "vitest";
import { judgeIntent } from "./intent-verdict";

const PROXY = "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C";
const SAFE = "0x1111111111111111111111111111111111111111";
const REFERENCE = "0x0123456789abcdef";
const link = { contracts: [PROXY], emitters: [PROXY], references: [REFERENCE] };
const calldata = `0xc219a14d${"00".repeat(40)}0123456789ABCDEF${"00".repeat(24)}`;
const event = { address: PROXY.toLowerCase(), topics: ["0xtopic", keccak256(REFERENCE)] };

describe("judgeIntent", () => {
  it("holds for this link's payment, pending or mined, and not once reverted", () => {
    expect(judgeIntent({ to: PROXY, input: calldata, blockNumber: null }, null, link)).toBe("pending");
    const mined = { to: PROXY.toLowerCase(), input: calldata, blockNumber: 7n };
    expect(judgeIntent(mined, { status: "success", logs: [] }, link)).toBe("mined");
    expect(judgeIntent(mined, { status: "reverted", logs: [] }, link)).toBe("reverted");
  });

  it("needs the payment contract and the reference together", () => {
    expect(judgeIntent({ to: SAFE, input: calldata, blockNumber: null }, null, link)).toBe("unproven");
    const elsewhere = { to: PROXY, input: "0xc219a14d00", blockNumber: 3n };
    expect(judgeIntent(elsewhere, { status: "success", logs: [] }, link)).toBe("foreign");
    expect(judgeIntent(null, null, link)).toBe("unproven");
  });

  it("counts a mined Safe transaction by the proxy's payment event with the reference's hash", () => {
    const viaSafe = { to: SAFE, input: "0x6a761202", blockNumber: 9n };
    expect(judgeIntent(viaSafe, { status: "success", logs: [event] }, link)).toBe("mined");
    const otherEmitter = { ...event, address: SAFE };
    expect(judgeIntent(viaSafe, { status: "success", logs: [otherEmitter] }, link)).toBe("foreign");
  });
});
