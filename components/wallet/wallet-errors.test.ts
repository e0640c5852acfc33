// What a payer reads when the wallet fails: the node's words for "no gas" become an explanation
// of what to do; other errors keep the wallet's first line; a decline is recognised through wrappers.
import { BaseError, InsufficientFundsError } from "viem";
import { describe, expect, it } from "vitest";
import { isUserRejection, SHORT_OF_GAS_TEXT, walletErrorText } from "./wallet-errors";

describe("wallet errors for the payer", () => {
  it("explains a wallet without coin for the network fee instead of the node's message", () => {
    const node = new Error(
      "The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.\n\nDetails: insufficient funds for transfer",
    );
    expect(walletErrorText(node)).toBe(SHORT_OF_GAS_TEXT);
    expect(walletErrorText(new InsufficientFundsError())).toBe(SHORT_OF_GAS_TEXT);
    // Wrapped, as wagmi and viem wrap the provider's error.
    expect(
      walletErrorText(
        new BaseError("Transaction failed", { cause: new Error("insufficient funds for gas * price + value") }),
      ),
    ).toBe(SHORT_OF_GAS_TEXT);
    expect(walletErrorText("account balance is insufficient")).toBe(SHORT_OF_GAS_TEXT);
  });

  it("keeps the first line of any other failure, and recognises a decline", () => {
    expect(walletErrorText(new Error("execution reverted: ERC20: transfer amount exceeds allowance\nmore"))).toBe(
      "execution reverted: ERC20: transfer amount exceeds allowance",
    );
    expect(isUserRejection(new BaseError("Request failed", { cause: { code: 4001, message: "x" } as never }))).toBe(
      true,
    );
  });
});
