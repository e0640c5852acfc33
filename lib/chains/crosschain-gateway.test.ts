import { type AbiEvent, type AbiFunction, toEventSelector, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import artifacts from "../../contracts/compiled.json";
import { GATEWAY_ABI, gatewayAddress, SANDBOX_GATEWAY_ADDRESS } from "./crosschain-gateway";

describe("crosschain gateway registry", () => {
  it("every ABI item we call or read is in the compiled contracts/CrosschainGateway.sol", () => {
    const compiled = artifacts.CrosschainGateway.abi as unknown as (AbiFunction | AbiEvent)[];
    const sig = (i: AbiFunction | AbiEvent) => (i.type === "event" ? toEventSelector(i) : toFunctionSelector(i));
    const known = new Set(compiled.filter((i) => i.type === "function" || i.type === "event").map(sig));
    for (const item of GATEWAY_ABI.filter((i) => i.type === "function" || i.type === "event"))
      expect(known, item.name).toContain(sig(item as AbiFunction));
  });

  it("is the sandbox's fixed address in the sandbox, the configured one in production, else none", () => {
    expect(gatewayAddress("base", true, {})).toBe(SANDBOX_GATEWAY_ADDRESS);
    expect(
      gatewayAddress("arbitrum-one", false, {
        CROSSCHAIN_GATEWAY_ARBITRUM_ONE: "0x5abe9e60ffc401a200dc0601f1b0dfa744ee5c44",
      }),
    ).toBe(SANDBOX_GATEWAY_ADDRESS);
    expect(gatewayAddress("base", false, {})).toBeNull();
  });
});
