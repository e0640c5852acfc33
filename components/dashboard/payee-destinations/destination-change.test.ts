import { WalletSignTypedDataError } from "@tronweb3/tronwallet-abstract-adapter";
import { UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../api-client";
import { describeChangeFailure, stepText } from "./destination-change";

describe("what the payee-destinations page says when a change fails", () => {
  it("a signature declined in an EVM wallet (4001, bare or wrapped by viem) says nothing was added and can be tried again", () => {
    for (const err of [
      Object.assign(new Error("User rejected the request."), { code: 4001 }),
      new UserRejectedRequestError(new Error("denied")),
    ]) {
      const failure = describeChangeFailure(err, "sign", "add", "Base");
      expect(failure.declined).toBe(true);
      expect(failure.message).toBe(
        "You declined the signature in the wallet. Nothing was added. Sign again when you are ready.",
      );
    }
  });

  it("TronLink's refusal, a bare string wrapped by the adapter, is a declined signature too", () => {
    const failure = describeChangeFailure(
      new WalletSignTypedDataError("Confirmation declined by user"),
      "sign",
      "deactivate",
      "Tron",
    );
    expect(failure.declined).toBe(true);
    expect(failure.message).toContain("The destination is still active");
  });

  it("a declined network switch names the network the wallet must be on", () => {
    const failure = describeChangeFailure({ code: 4001, message: "User rejected" }, "switch", "add", "Arbitrum One");
    expect(failure.message).toBe(
      "You declined the switch to Arbitrum One in the wallet. Nothing was added: wallets sign for a destination on Arbitrum One only while on Arbitrum One.",
    );
  });

  it("the API's refusal is shown as the API words it, with its field errors", () => {
    const err = new ApiRequestError(400, "Validation failed", [
      { field: "tokenAddress", message: "must be USDC (0x…) or USDT (0x…) on Base" },
    ]);
    const failure = describeChangeFailure(err, "prepare", "add", "Base");
    expect(failure).toMatchObject({
      message: "Validation failed",
      declined: false,
      details: ["tokenAddress: must be USDC (0x…) or USDT (0x…) on Base"],
    });
  });

  it("any other wallet failure keeps only the first line of the wallet's message", () => {
    const failure = describeChangeFailure(
      new Error("Internal JSON-RPC error.\nRequest body: {…}"),
      "sign",
      "add",
      "Base",
    );
    expect(failure.message).toBe("The wallet did not sign: Internal JSON-RPC error. Nothing was added.");
  });

  it("says what it waits for at each step", () => {
    expect(stepText("sign", "add", "Base")).toBe("Waiting for your signature in the wallet…");
    expect(stepText("switch", "add", "Base")).toBe("Approve the switch to Base in your wallet…");
    expect(stepText("submit", "deactivate", "Base")).toBe("Deactivating the destination…");
  });
});
