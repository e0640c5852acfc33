import { describe, expect, it } from "vitest";
import { sameWallet, shortDestinationId } from "./wallet-addresses";

describe("wallet addresses on the payee-destinations page", () => {
  it("compares EVM addresses in any case and Tron addresses exactly", () => {
    expect(sameWallet("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "0xd8da6bf26964af9d7eed9e03e53415d37aa96045")).toBe(
      true,
    );
    expect(sameWallet("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "tqn9y2khesljw1chvwfmsmerdow5kcblse")).toBe(false);
  });

  it("shortens a destination ID's addresses and keeps its chain and checksum whole", () => {
    expect(
      shortDestinationId(
        "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:8453#17DE0709:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      ),
    ).toBe("0xd8dA…6045@eip155:8453#17DE0709:0x8335…2913");
    expect(
      shortDestinationId(
        "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE@eip155:728126428#0A1B2C3D:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      ),
    ).toBe("TQn9Y2…bLSE@eip155:728126428#0A1B2C3D:TR7NHq…Lj6t");
  });
});
