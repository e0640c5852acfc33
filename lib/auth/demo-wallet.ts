// The sandbox's "Sign with a demo wallet" (docs/decisions/demo-wallets.md): where the dashboard
// would ask a browser wallet to sign (wallet
// sign-in, linking a wallet, a payee destination's typed data), the sandbox can sign with one
// of its demo wallets instead. Their keys are anvil's well-known keys (lib/devnet/accounts),
// public anyway; outside the sandbox nothing here signs.
import { privateKeyToAccount } from "viem/accounts";
import { getConfig } from "../config";
import { DEMO_WALLETS } from "../devnet/accounts";
import { badRequest, notFound } from "../http/errors";

export interface TypedDataInput {
  domain: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** The demo wallets' addresses, or a 404 outside the sandbox (the same as an unknown path's). */
export function demoWalletAddresses(): string[] {
  refuseOutsideSandbox();
  return DEMO_WALLETS.map((w) => w.address);
}

/** For the dashboard's pages: the demo wallets' addresses in the sandbox, null elsewhere (no choice shown). */
export function sandboxDemoWallets(): string[] | null {
  return getConfig().sandbox ? DEMO_WALLETS.map((w) => w.address) : null;
}

function refuseOutsideSandbox(): void {
  if (!getConfig().sandbox) throw notFound("sandbox_only", "Demo wallets exist only in the sandbox");
}

function demoAccount(address: string) {
  refuseOutsideSandbox();
  const wallet = DEMO_WALLETS.find((w) => w.address.toLowerCase() === address.toLowerCase());
  if (!wallet) throw notFound("demo_wallet_unknown", `${address} is not one of the sandbox's demo wallets`);
  return privateKeyToAccount(wallet.privateKey);
}

/** personal_sign (EIP-191) of the message by the demo wallet, as a browser wallet signs a sign-in message. */
export async function signMessageWithDemoWallet(address: string, message: string): Promise<string> {
  return demoAccount(address).signMessage({ message });
}

/** eth_signTypedData_v4 of the typed data by the demo wallet, as a browser wallet signs it. */
export async function signTypedDataWithDemoWallet(address: string, typedData: TypedDataInput): Promise<string> {
  const account = demoAccount(address);
  try {
    return await account.signTypedData(typedData as Parameters<typeof account.signTypedData>[0]);
  } catch (err) {
    throw badRequest("validation_failed", "The typed data cannot be signed", [
      { field: "typedData", message: (err as Error).message.split("\n")[0]! },
    ]);
  }
}
