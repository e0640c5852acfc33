// A TronLink stand-in for Playwright: window.tronLink and window.tronWeb as the TronLink
// extension injects them (the adapter's classic protocol), backed by a Tron key held in the
// Node test process. It connects (tron_requestAccounts), signs messages with signMessageV2 and
// typed data with TIP-712 (`trx._signTypedData(domain, types, message)`, as TronLink does).
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { Trx, utils as tronUtils } from "tronweb";
import type { TronTypedData } from "../../components/wallet/tron-link";

export interface TestTronWallet {
  address: string;
  /** Messages the page asked to sign, in order. */
  readonly signed: string[];
  /** Typed data the page asked to sign, in order. */
  readonly signedTypedData: TronTypedData[];
  /** The next signature request (message or typed data) is declined as by the user. */
  rejectNext(): void;
}

export async function installTestTronWallet(
  target: Page | BrowserContext,
  privateKey?: string,
): Promise<TestTronWallet> {
  const key = privateKey ?? tronUtils.accounts.generateAccount().privateKey;
  const address = tronUtils.address.fromPrivateKey(key);
  if (!address) throw new Error("not a Tron private key");
  const hex = tronUtils.address.toHex(address);
  const signed: string[] = [];
  const signedTypedData: TronTypedData[] = [];
  let reject = false;
  const binding = `__stablelinkTronWallet_${randomBytes(4).toString("hex")}`;

  const declined = () => {
    if (!reject) return false;
    reject = false;
    return true;
  };

  await target.exposeFunction(binding, async (message: string): Promise<{ signature?: string; error?: string }> => {
    signed.push(message);
    if (declined()) return { error: "Confirmation declined by user" };
    return { signature: Trx.signMessageV2(message, key) };
  });
  await target.exposeFunction(
    `${binding}_typed`,
    async (raw: string): Promise<{ signature?: string; error?: string }> => {
      const typed = JSON.parse(raw) as TronTypedData;
      signedTypedData.push(typed);
      if (declined()) return { error: "Confirmation declined by user" };
      try {
        // TronWeb's TIP-712 signing, the one TronLink uses: the types come without EIP712Domain.
        return { signature: Trx._signTypedData(typed.domain, typed.types, typed.message, key) };
      } catch (err) {
        return { error: (err as Error).message };
      }
    },
  );

  await target.addInitScript(
    (cfg) => {
      const bindings = window as unknown as Record<
        string,
        (m: string) => Promise<{ signature?: string; error?: string }>
      >;
      const sign = bindings[cfg.binding];
      const signTyped = bindings[`${cfg.binding}_typed`];
      const tronWeb = {
        ready: true,
        defaultAddress: { base58: cfg.address, hex: cfg.hex },
        trx: {
          async signMessageV2(message: string) {
            const r = await sign(message);
            if (r.error) throw r.error; // TronLink rejects with a bare string
            return r.signature;
          },
          async _signTypedData(domain: unknown, types: unknown, message: unknown) {
            const r = await signTyped(JSON.stringify({ domain, types, message }));
            if (r.error) throw r.error;
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
    signedTypedData,
    rejectNext() {
      reject = true;
    },
  };
}
