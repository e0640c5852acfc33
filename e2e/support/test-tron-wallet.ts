// A TronLink stand-in for Playwright: window.tronLink and window.tronWeb as the TronLink
// extension injects them (the adapter's classic protocol), backed by a Tron key held in the
// Node test process. It connects (tron_requestAccounts) and signs with signMessageV2.
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { Trx, utils as tronUtils } from "tronweb";

export interface TestTronWallet {
  address: string;
  /** Messages the page asked to sign, in order. */
  readonly signed: string[];
  /** The next signature request is declined as by the user. */
  rejectNext(): void;
}

export async function installTestTronWallet(target: Page | BrowserContext, privateKey?: string): Promise<TestTronWallet> {
  const key = privateKey ?? tronUtils.accounts.generateAccount().privateKey;
  const address = tronUtils.address.fromPrivateKey(key);
  if (!address) throw new Error("not a Tron private key");
  const hex = tronUtils.address.toHex(address);
  const signed: string[] = [];
  let reject = false;
  const binding = `__stablelinkTronWallet_${randomBytes(4).toString("hex")}`;

  await target.exposeFunction(binding, async (message: string): Promise<{ signature?: string; error?: string }> => {
    signed.push(message);
    if (reject) {
      reject = false;
      return { error: "Confirmation declined by user" };
    }
    return { signature: Trx.signMessageV2(message, key) };
  });

  await target.addInitScript(
    (cfg) => {
      const sign = (window as unknown as Record<string, (m: string) => Promise<{ signature?: string; error?: string }>>)[cfg.binding];
      const tronWeb = {
        ready: true,
        defaultAddress: { base58: cfg.address, hex: cfg.hex },
        trx: {
          async signMessageV2(message: string) {
            const r = await sign(message);
            if (r.error) throw r.error; // TronLink rejects with a bare string
            return r.signature;
          },
        },
      };
      const tronLink = {
        ready: true,
        tronWeb,
        async request({ method }: { method: string }) {
          if (method === "tron_requestAccounts") return { code: 200, message: "The site is already in the whitelist" };
          throw new Error(`The test Tron wallet does not support ${method}`);
        },
      };
      Object.assign(window, { tronLink, tronWeb });
    },
    { binding, address, hex },
  );

  return {
    address,
    signed,
    rejectNext() {
      reject = true;
    },
  };
}
