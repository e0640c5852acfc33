import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { getContract } from "@/lib/chains/contracts";
import { getCurrency } from "@/lib/chains/currencies";
import { tronApproveTransaction, tronFeeProxyPaymentTransaction } from "@/lib/chains/tron";
import { splitTronCalldata, TRON_FUNCTIONS } from "./tron-calls";

describe("Tron calls handed to TronLink", () => {
  it("names each selector by the function it really is", () => {
    for (const [selector, signature] of Object.entries(TRON_FUNCTIONS))
      expect(toFunctionSelector(`function ${signature}`)).toBe(selector);
  });

  it("splits the service's Tron calldata into TronWeb's function and raw parameters", () => {
    const usdt = getCurrency("USDT-tron")!.address;
    const pay = tronFeeProxyPaymentTransaction({
      token: usdt,
      to: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
      amount: 1n,
      paymentReference: "0x0123456789abcdef",
      feeAmount: 0n,
      feeAddress: null,
    });
    expect(splitTronCalldata(pay.data)).toEqual({
      fn: "transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)",
      rawParameter: pay.data.slice(10),
    });
    expect(
      splitTronCalldata(tronApproveTransaction(usdt, getContract("tron", "ERC20FeeProxy").address, 1n).data).fn,
    ).toBe("approve(address,uint256)");
    expect(() => splitTronCalldata("0xdeadbeef")).toThrow(/not one the payment page sends/);
  });
});
