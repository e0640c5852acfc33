import { TronWeb } from "tronweb";
import { describe, expect, it } from "vitest";
import { ANVIL_MNEMONIC } from "../accounts";
import { TRON_DEMO_WALLETS } from "./accounts";

describe("Tron demo wallets", () => {
  it("are anvil's mnemonic on Tron's path m/44'/195'/0'/0/i, as TronWeb derives them", () => {
    TRON_DEMO_WALLETS.forEach((w, i) => {
      const derived = TronWeb.fromMnemonic(ANVIL_MNEMONIC, `m/44'/195'/0'/0/${i}`);
      expect(derived.address).toBe(w.address);
      expect(derived.privateKey.replace(/^0x/, "")).toBe(w.privateKey);
    });
  });
});
